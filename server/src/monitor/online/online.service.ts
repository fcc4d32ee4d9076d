import { Injectable } from '@nestjs/common';
import type { PageResult } from '@zhiwen/shared';
import { AuthService } from '../../auth/auth.service';
import type { OnlineSessionDto } from '../../auth/dto/auth-answers.dto';
import { SessionService } from '../../auth/session.service';
import { paginateRows } from '../../common/paging/paginate';
import type { OnlineQueryDto } from './online.dto';

/** The online users screen: staff sessions now open (they live in the shared store, not a table) and force logout. */
@Injectable()
export class OnlineService {
  constructor(
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
  ) {}

  /** Sessions matching the filters, paged and sorted like every list; newest sign-in first unless sorted otherwise. */
  async list(query: OnlineQueryDto): Promise<PageResult<OnlineSessionDto>> {
    const userName = query.userName?.toLowerCase();
    const rows = (await this.sessions.list())
      .filter((s) => !query.ipaddr || s.ipaddr.includes(query.ipaddr))
      .filter((s) => !userName || s.userName.toLowerCase().includes(userName))
      .map(({ tokenId, userName, deptName, ipaddr, browser, os, loginTime, lastAccessTime }) => ({
        tokenId,
        userName,
        deptName,
        ipaddr,
        browser,
        os,
        loginTime,
        lastAccessTime,
      }));
    return paginateRows(rows, query, {
      sortable: { userName: 'userName', deptName: 'deptName', ipaddr: 'ipaddr', loginTime: 'loginTime', lastAccessTime: 'lastAccessTime' },
      defaultOrder: { loginTime: 'DESC', tokenId: 'ASC' },
    });
  }

  /** Ends a session; it is refused at its next request on every instance. */
  forceLogout(tokenId: string): Promise<void> {
    return this.auth.forceLogout(tokenId);
  }
}
