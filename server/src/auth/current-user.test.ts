import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTokenOf } from '../../test/helpers/member';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { tokenOf } from '../../test/helpers/staff';
import { Public } from '../common/decorators/public.decorator';
import { CurrentMember, CurrentUser } from './current-user.decorator';
import type { LoginUser, MemberSession } from './login-user';
import { MemberOnly, SignedIn } from './permission';

/** Routes that only show what the decorators hand a handler. */
@Controller('principal-probe')
class PrincipalProbeController {
  @Get('staff')
  @SignedIn()
  staff(@CurrentUser() user: LoginUser) {
    return { id: user.id, userName: user.userName, realm: user.realm };
  }

  @Get('member')
  @MemberOnly()
  member(@CurrentMember() member: MemberSession) {
    return { userName: member.userName, realm: member.realm };
  }

  /** A mistake the decorator must catch: a public route that requires a user. */
  @Get('public-staff')
  @Public()
  publicStaff(@CurrentUser() user: LoginUser) {
    return { userName: user.userName };
  }

  @Get('public-member')
  @Public()
  publicMember(@CurrentMember() member: MemberSession) {
    return { userName: member.userName };
  }

  @Get('optional')
  @Public()
  optional(@CurrentUser({ optional: true }) user: LoginUser | undefined, @CurrentMember({ optional: true }) member: MemberSession | undefined) {
    return { user: user?.userName ?? null, member: member?.userName ?? null };
  }
}

@Module({ controllers: [PrincipalProbeController] })
class PrincipalProbeModule {}

let t: TestApp;
let staff: string;
let member: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [PrincipalProbeModule] });
  staff = await tokenOf(t.app);
  member = await memberTokenOf(t.app, 'probemember', 'Probe1234');
});
afterAll(() => t?.close());

const get = (path: string, token?: string) => {
  const req = request(t.server).get(`/prod-api/principal-probe/${path}`);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

describe('@CurrentUser() and @CurrentMember()', () => {
  it('hand the handler the staff session behind the guard', async () => {
    const res = await get('staff', staff);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userName: 'admin', realm: 'staff' });
    expect(res.body.data.id).toMatch(/^\d+$/);
  });

  it('hand the handler the member session on a member route', async () => {
    const res = await get('member', member);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ userName: 'probemember', realm: 'member' });
  });

  it('answer 401 rather than undefined when a route reached without the principal requires it', async () => {
    for (const [path, token] of [
      ['public-staff', undefined],
      ['public-staff', member], // a member token never fills the staff user
      ['public-member', undefined],
      ['public-member', staff], // nor a staff token the member
    ] as const) {
      const res = await get(path, token);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 401, code: 401 });
    }
    // With the right principal the same public routes answer.
    expect((await get('public-staff', staff)).body.data).toEqual({ userName: 'admin' });
    expect((await get('public-member', member)).body.data).toEqual({ userName: 'probemember' });
  });

  it('give undefined for an optional principal that is absent, and the session when it is there', async () => {
    expect((await get('optional')).body.data).toEqual({ user: null, member: null });
    expect((await get('optional', staff)).body.data).toEqual({ user: 'admin', member: null });
    expect((await get('optional', member)).body.data).toEqual({ user: null, member: 'probemember' });
  });
});
