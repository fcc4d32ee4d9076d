import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { MemberSession } from '../../auth/login-user';
import { verifyPassword } from '../../auth/password-hasher';
import { SessionService } from '../../auth/session.service';
import { ServiceException } from '../../common/errors/service-exception';
import { sniffContent, tooManyPixels } from '../../storage/file-content';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { AVATAR_EXTS, AVATAR_URL_PREFIX } from '../../system/user/user-admin.service';
import { MemberLevelConfig } from '../level/member-level-config.entity';
import { levelProgress, MEMBER_LEVEL_TYPE } from '../level/level-sql';
import { MemberUser } from '../member-user.entity';
import { MemberService, type MemberWithSecrets } from '../member.service';
import type { MemberInfoDto, MemberProfileDto, UpdateMemberPasswordDto, UpdateMemberProfileDto } from './dto/member-account.dto';

/** What a signed-in member may see and change of their own account. */
@Injectable()
export class MemberAccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly members: MemberService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly sessions: SessionService,
  ) {}

  async info(session: MemberSession): Promise<MemberInfoDto> {
    return { user: await this.profile(session), roles: [], permissions: [] };
  }

  async profile(session: MemberSession): Promise<MemberProfileDto> {
    const member = await this.current(session);
    const steps = await this.dataSource.getRepository(MemberLevelConfig).find({ where: { levelType: MEMBER_LEVEL_TYPE } });
    const progress = levelProgress(steps, member.exp);
    return {
      memberId: member.memberId,
      userName: member.userName,
      nickName: member.nickName,
      phonenumber: member.phonenumber,
      email: member.email,
      birthday: member.birthday,
      sex: member.sex,
      avatar: member.avatar,
      avatarSrc: member.avatar,
      source: member.source,
      registerTime: member.registerTime,
      loginDate: member.loginTime,
      loginIp: member.loginIp,
      level: member.level,
      levelName: steps.find((s) => s.level === member.level)?.levelName ?? '',
      exp: member.exp,
      nextLevelExp: progress.nextLevelExp,
      inviteCode: member.inviteCode,
      wechatBound: !!member.wechatOpenid,
      hasPassword: !!member.password,
    };
  }

  async updateProfile(dto: UpdateMemberProfileDto, session: MemberSession): Promise<void> {
    const member = await this.current(session);
    const next = { userName: member.userName, phonenumber: dto.phonenumber ?? '', email: dto.email ?? '' };
    if (!next.userName && !next.phonenumber && !next.email) throw new ServiceException('member.identityRequired');
    await this.members.uniqueOr(next, () =>
      this.dataSource.getRepository(MemberUser).update(
        { memberId: member.memberId },
        {
          nickName: dto.nickName,
          phonenumber: next.phonenumber,
          email: next.email,
          birthday: dto.birthday ?? null,
          ...(dto.sex ? { sex: dto.sex } : {}),
          updateBy: member.userName,
        },
      ),
    );
  }

  /** Changes the password; the old one is asked for unless the account never had one (created by WeChat login). */
  async updatePassword(dto: UpdateMemberPasswordDto, session: MemberSession): Promise<void> {
    const member = await this.current(session);
    if (member.password) {
      if (!dto.oldPassword) throw new ServiceException('member.oldPasswordRequired');
      if (!(await verifyPassword(member.password, dto.oldPassword))) throw new ServiceException('user.oldPasswordWrong');
      if (dto.oldPassword === dto.newPassword) throw new ServiceException('user.samePassword');
    }
    await this.members.setPassword(member.memberId, dto.newPassword, member.userName);
    // Whoever knew the old password is signed out everywhere else; this session goes on.
    await this.sessions.closeAllOf(member.memberId, 'member', session.tokenId);
  }

  /** Stores a new avatar (jpg or png by content, not by name) and returns its URL; the previous file is removed. */
  async setAvatar(data: Buffer, session: MemberSession): Promise<{ imgUrl: string }> {
    const type = await sniffContent(data, AVATAR_EXTS);
    if (!type) throw new ServiceException('user.avatar.format');
    const tooLarge = await tooManyPixels(data, type.ext);
    if (tooLarge) throw new ServiceException('user.avatar.tooLarge', tooLarge);
    const member = await this.current(session);
    const fileName = `${member.memberId}-${randomBytes(16).toString('hex')}.${type.ext}`;
    await this.storage.put(`avatar/${fileName}`, data);
    const imgUrl = `${AVATAR_URL_PREFIX}${fileName}`;
    await this.dataSource.getRepository(MemberUser).update({ memberId: member.memberId }, { avatar: imgUrl, updateBy: member.userName });
    if (member.avatar.startsWith(AVATAR_URL_PREFIX))
      await this.storage.delete(`avatar/${member.avatar.slice(AVATAR_URL_PREFIX.length)}`).catch(() => undefined);
    return { imgUrl };
  }

  /** The session's member; a deleted one ends the session's use (401). */
  private async current(session: MemberSession): Promise<MemberWithSecrets> {
    const member = await this.members.findById(session.id, true);
    if (!member) throw ServiceException.unauthorized('auth.sessionExpired');
    return member;
  }
}
