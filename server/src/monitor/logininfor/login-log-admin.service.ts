import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { forgetAccountFailures, forgetAddressFailures } from '../../auth/sign-in-counters';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { UserService } from '../../system/user/user.service';
import { escapeLike } from '../operlog/oper-log.service';
import { applyTimeRange } from '../../common/paging/time-range';
import type { LoginLogQueryDto } from './login-log.dto';
import { LoginLog } from './login-log.entity';

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
      deferredJoin: true,
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

  /**
   * Lifts what wrong passwords left on an account: a lock, the captcha and slowing of its name, email and phone, and
   * the slowing and lock of the addresses that failed to sign in as it within the last day (the owner's own
   * address among them), so the next sign-in is judged afresh.
   */
  async unlock(userName: string): Promise<void> {
    const user = await this.users.findByName(userName);
    if (!user) throw new ServiceException('logininfor.userNotFound', { userName: userName.slice(0, 40) });
    await this.users.unlock(user.userId);
    await forgetAccountFailures(this.store, 'staff', [user.userName, user.email, user.phonenumber]);
    const addresses: Array<{ ipaddr: string }> = await this.logs
      .createQueryBuilder('l')
      .select('DISTINCT l.ipaddr', 'ipaddr')
      .where("l.status = '1' AND l.realm = 'staff' AND lower(l.user_name) = lower(:userName)", { userName: user.userName })
      .andWhere("l.login_time > now() - interval '1 day'")
      .getRawMany();
    await forgetAddressFailures(
      this.store,
      addresses.map((a) => a.ipaddr),
    );
  }
}
