import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { UserService } from '../../system/user/user.service';
import { escapeLike } from '../operlog/oper-log.service';
import { applyTimeRange } from '../../common/paging/time-range';
import type { LoginLogQueryDto } from './login-log.dto';
import { LoginLog } from './login-log.entity';

/** Key of a user's daily wrong-password counter, as the sign-in keeps it (auth/auth.service.ts). */
export const loginFailuresKey = (userId: string) => `login-failures:${userId}`;

/** The login log screen: browsing and deleting entries, and unlocking accounts locked by wrong passwords. */
@Injectable()
export class LoginLogAdminService {
  constructor(
    @InjectRepository(LoginLog) private readonly logs: Repository<LoginLog>,
    private readonly users: UserService,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {}

  /** Entries matching the filters, newest first unless sorted otherwise. */
  list(query: LoginLogQueryDto): Promise<PageResult<LoginLog>> {
    const qb = this.logs.createQueryBuilder('l');
    if (query.ipaddr) qb.andWhere('l.ipaddr LIKE :ipaddr', { ipaddr: `%${escapeLike(query.ipaddr)}%` });
    if (query.userName) qb.andWhere('l.user_name ILIKE :userName', { userName: `%${escapeLike(query.userName)}%` });
    if (query.status) qb.andWhere('l.status = :status', { status: query.status });
    if (query.realm) qb.andWhere('l.realm = :realm', { realm: query.realm });
    applyTimeRange(qb, 'l.login_time', query);
    return paginate(qb, query, {
      sortable: { userName: 'l.user_name', loginTime: 'l.login_time', ipaddr: 'l.ipaddr', status: 'l.status', infoId: 'l.info_id' },
      defaultOrder: { 'l.login_time': 'DESC', 'l.info_id': 'DESC' },
    });
  }

  /** Deletes the listed entries; ids that do not exist are ignored. */
  async remove(infoIds: string[]): Promise<number> {
    return (await this.logs.delete({ infoId: In(infoIds) })).affected ?? 0;
  }

  /** Deletes every entry. */
  async clean(): Promise<void> {
    await this.logs.createQueryBuilder().delete().from(LoginLog).execute();
  }

  /** Lifts the lock of an account and forgets today's wrong passwords, so the next sign-in is judged afresh. */
  async unlock(userName: string): Promise<void> {
    const user = await this.users.findByName(userName);
    if (!user) throw new ServiceException('logininfor.userNotFound', { userName: userName.slice(0, 40) });
    await this.users.unlock(user.userId);
    await this.store.del(loginFailuresKey(user.userId));
  }
}
