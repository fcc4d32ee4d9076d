import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { hashPassword, verifyPassword } from '../../auth/password-hasher';
import { SessionService } from '../../auth/session.service';
import { SignInGuardService } from '../../auth/sign-in-guard.service';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { escapeLike, uniqueViolationOf, withUniqueMessages } from '../../database/sql-helpers';
import { sniffContent, tooManyPixels } from '../../storage/file-content';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { paginate } from '../../common/paging/paginate';
import { SysDept } from '../dept/sys-dept.entity';
import { DataScopeService } from '../role/data-scope.service';
import { SysRole } from '../role/sys-role.entity';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';
import { SecurityPolicyService } from '../security/security-policy.service';
import type { ImportedUserRow } from './user-import';
import type {
  AuthRoleDto,
  ChangeStatusDto,
  CreateUserDto,
  ResetPasswordDto,
  UpdatePasswordDto,
  UpdateProfileDto,
  UpdateUserDto,
  UserQueryDto,
} from './dto/user.dto';
import { SysUser } from './sys-user.entity';
import { UserService } from './user.service';

type UserRow = SysUser & { dept?: SysDept };

/** Where avatars are served (StorageController). */
export const AVATAR_URL_PREFIX = '/prod-api/storage/avatar/';
/** Image formats an avatar may have (staff and members), by content; at most MAX_IMAGE_PIXELS. */
export const AVATAR_EXTS = ['png', 'jpg'];

const isSuperAdmin = (caller: LoginUser) => caller.roles.includes(SUPER_ADMIN_ROLE);

/** The rules of administering staff accounts. */
@Injectable()
export class UserAdminService {
  constructor(
    @InjectRepository(SysUser) private readonly users: Repository<SysUser>,
    @InjectRepository(SysRole) private readonly roles: Repository<SysRole>,
    private readonly dataSource: DataSource,
    private readonly accounts: UserService,
    private readonly dataScope: DataScopeService,
    private readonly policy: SecurityPolicyService,
    private readonly sessions: SessionService,
    private readonly signIn: SignInGuardService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Users the caller may see, filtered and paged. */
  async list(query: UserQueryDto, caller: LoginUser): Promise<PageResult<UserRow>> {
    const qb = this.users.createQueryBuilder('u').leftJoinAndMapOne('u.dept', SysDept, 'd', 'd.dept_id = u.dept_id').where("u.del_flag = '0'");
    if (query.userName) qb.andWhere('u.user_name ILIKE :userName', { userName: `%${escapeLike(query.userName)}%` });
    if (query.phonenumber) qb.andWhere('u.phonenumber LIKE :phone', { phone: `%${escapeLike(query.phonenumber)}%` });
    if (query.status) qb.andWhere('u.status = :status', { status: query.status });
    if (query.beginTime) qb.andWhere('u.create_time >= :begin::date', { begin: query.beginTime });
    if (query.endTime) qb.andWhere("u.create_time < :end::date + interval '1 day'", { end: query.endTime });
    if (query.deptId) {
      qb.andWhere(
        "(u.dept_id = :deptId OR u.dept_id IN (SELECT x.dept_id FROM sys_dept x WHERE :deptId::text = ANY (string_to_array(x.ancestors, ','))))",
        {
          deptId: query.deptId,
        },
      );
    }
    await this.dataScope.apply(qb, caller, { dept: 'u.dept_id', user: 'u.user_id' });
    return paginate(qb, query, {
      sortable: { userId: 'u.user_id', userName: 'u.user_name', createTime: 'u.create_time', loginDate: 'u.login_date' },
      defaultOrder: { 'u.user_id': 'ASC' },
      deferredJoin: true,
    });
  }

  /** One user with its role and post ids, plus the roles and posts the caller may assign. */
  async detail(userId: string | undefined, caller: LoginUser) {
    const roles = (await this.roles.find({ where: { delFlag: '0' }, order: { roleSort: 'ASC' } })).filter(
      (r) => isSuperAdmin(caller) || r.roleKey !== SUPER_ADMIN_ROLE,
    );
    const posts = await this.dataSource.query(
      `SELECT post_id AS "postId", post_code AS "postCode", post_name AS "postName", status FROM sys_post ORDER BY post_sort, post_id`,
    );
    if (!userId) return { roles, posts };
    const user = await this.scoped(userId, caller);
    const roleIds = (await this.dataSource.query('SELECT role_id FROM sys_user_role WHERE user_id = $1', [userId])).map((r: { role_id: string }) =>
      String(r.role_id),
    );
    const postIds = (await this.dataSource.query('SELECT post_id FROM sys_user_post WHERE user_id = $1', [userId])).map((r: { post_id: string }) =>
      String(r.post_id),
    );
    return { user, roleIds, postIds, roles, posts };
  }

  async create(dto: CreateUserDto, caller: LoginUser): Promise<SysUser> {
    const policy = await this.policy.active();
    this.policy.checkPassword(policy, dto.password, dto);
    return this.uniqueOr(dto.userName, () =>
      this.dataSource.transaction(async (m) => {
        await this.checkReferences(m, dto, caller);
        const user = await m.save(
          m.create(SysUser, {
            userName: dto.userName,
            nickName: dto.nickName,
            deptId: dto.deptId ?? null,
            email: dto.email ?? '',
            phonenumber: dto.phonenumber ?? '',
            sex: dto.sex ?? '2',
            status: dto.status ?? '0',
            remark: dto.remark ?? '',
            password: await hashPassword(dto.password),
            pwdUpdateTime: new Date(),
            forceModifyPwd: policy.forceModifyPwdAfterAdd,
            createBy: caller.userName,
          }),
        );
        await this.replaceLinks(m, user.userId, dto.roleIds ?? [], dto.postIds ?? []);
        const { password: _hidden, ...rest } = user;
        return rest as SysUser;
      }),
    );
  }

  async update(dto: UpdateUserDto, caller: LoginUser): Promise<void> {
    const target = await this.editable(dto.userId, caller);
    if (dto.status === '1' && dto.userId === caller.id) throw new ServiceException('user.cannotDisableSelf');
    await this.uniqueOr(target.userName, () =>
      this.dataSource.transaction(async (m) => {
        await this.checkReferences(m, dto, caller);
        await m.update(
          SysUser,
          { userId: dto.userId },
          {
            nickName: dto.nickName,
            deptId: dto.deptId ?? null,
            email: dto.email ?? '',
            phonenumber: dto.phonenumber ?? '',
            sex: dto.sex ?? target.sex,
            status: dto.status ?? target.status,
            remark: dto.remark ?? target.remark,
            updateBy: caller.userName,
          },
        );
        await this.replaceLinks(m, dto.userId, dto.roleIds, dto.postIds);
      }),
    );
    // Roles or status changed: the user signs in again to pick them up.
    await this.sessions.closeAllOf(dto.userId);
  }

  async remove(userIds: string[], caller: LoginUser): Promise<void> {
    if (userIds.includes(caller.id)) throw new ServiceException('user.cannotRemoveSelf');
    for (const id of userIds) await this.editable(id, caller);
    await this.users.update({ userId: In(userIds) }, { delFlag: '2', updateBy: caller.userName });
    for (const id of userIds) await this.sessions.closeAllOf(id);
  }

  async resetPassword(dto: ResetPasswordDto, caller: LoginUser): Promise<void> {
    const target = await this.editable(dto.userId, caller);
    const policy = await this.policy.active();
    this.policy.checkPassword(policy, dto.password, target);
    await this.users.update(
      { userId: dto.userId },
      {
        password: await hashPassword(dto.password),
        pwdUpdateTime: new Date(),
        forceModifyPwd: policy.forceModifyPwdAfterReset,
        lockEndTime: null,
        updateBy: caller.userName,
      },
    );
    await this.sessions.closeAllOf(dto.userId);
    await this.signIn.forgetAccount('staff', [target.userName, target.email, target.phonenumber]);
  }

  async changeStatus(dto: ChangeStatusDto, caller: LoginUser): Promise<void> {
    if (dto.status === '1' && dto.userId === caller.id) throw new ServiceException('user.cannotDisableSelf');
    const target = await this.editable(dto.userId, caller);
    await this.users.update({ userId: dto.userId }, { status: dto.status, updateBy: caller.userName });
    if (dto.status === '1') await this.sessions.closeAllOf(dto.userId);
    // Enabling gives a fresh start, as for members: no captcha or slowing left from earlier wrong passwords.
    else await this.signIn.forgetAccount('staff', [target.userName, target.email, target.phonenumber]);
  }

  async setRoles(dto: AuthRoleDto, caller: LoginUser): Promise<void> {
    await this.editable(dto.userId, caller);
    await this.dataSource.transaction(async (m) => {
      await this.checkReferences(m, { roleIds: dto.roleIds }, caller);
      await m.query('DELETE FROM sys_user_role WHERE user_id = $1', [dto.userId]);
      for (const roleId of dto.roleIds) await m.query('INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)', [dto.userId, roleId]);
    });
    await this.sessions.closeAllOf(dto.userId);
  }

  /**
   * Adds the imported users (initial password checked against the policy, to be changed at first sign-in) and, with
   * `updateSupport`, updates existing ones; all rows or none.
   */
  async importUsers(rows: Array<ImportedUserRow & { line: number }>, options: { updateSupport: boolean; password: string }, caller: LoginUser) {
    const policy = await this.policy.active();
    for (const row of rows) this.policy.checkPassword(policy, options.password, row);
    const hash = await hashPassword(options.password);
    return this.dataSource.transaction(async (m) => {
      let created = 0;
      let updated = 0;
      const problems: string[] = [];
      for (const row of rows) {
        // A row refused by a unique index rolls back to here and the import goes on to report every bad row.
        await m.query('SAVEPOINT import_row');
        const [existing] = await m.query(`SELECT user_id FROM sys_user WHERE lower(user_name) = lower($1) AND del_flag = '0'`, [row.userName]);
        try {
          await this.checkReferences(m, { deptId: row.deptId }, caller);
          if (existing && !options.updateSupport) throw new ServiceException('user.import.exists', { line: row.line, userName: row.userName });
          const fields = {
            nickName: row.nickName,
            deptId: row.deptId ?? null,
            email: row.email ?? '',
            phonenumber: row.phonenumber ?? '',
            sex: row.sex ?? '2',
            status: row.status ?? '0',
          };
          if (existing) {
            await this.editable(String(existing.user_id), caller);
            await m.update(SysUser, { userId: String(existing.user_id) }, { ...fields, updateBy: caller.userName });
            updated++;
          } else {
            await m.insert(SysUser, {
              ...fields,
              userName: row.userName,
              password: hash,
              pwdUpdateTime: new Date(),
              forceModifyPwd: true,
              createBy: caller.userName,
            });
            created++;
          }
          await m.query('RELEASE SAVEPOINT import_row');
        } catch (err) {
          const failure = err instanceof ServiceException ? err : this.uniqueFailure(err, row.userName);
          if (!failure) throw err;
          await m.query('ROLLBACK TO SAVEPOINT import_row');
          const message = t(failure.messageKey, failure.args);
          problems.push(failure.messageKey === 'user.import.exists' ? message : t('user.import.rowError', { line: row.line, message }));
        }
      }
      if (problems.length) throw new ServiceException('user.import.failed', { count: problems.length, details: problems.slice(0, 20).join('；') });
      return { created, updated };
    });
  }

  /** The caller's own account, with role and post names. */
  async profile(caller: LoginUser) {
    const user = await this.accounts.findById(caller.id);
    if (!user) throw ServiceException.unauthorized('auth.sessionExpired');
    const roles = await this.accounts.rolesOf(caller.id);
    const posts: Array<{ post_name: string }> = await this.dataSource.query(
      'SELECT p.post_name FROM sys_post p JOIN sys_user_post up ON up.post_id = p.post_id WHERE up.user_id = $1 ORDER BY p.post_sort',
      [caller.id],
    );
    const dept = await this.accounts.deptOf(user.deptId);
    return { user: { ...user, dept }, roleGroup: roles.map((r) => r.roleName).join(','), postGroup: posts.map((p) => p.post_name).join(',') };
  }

  async updateProfile(dto: UpdateProfileDto, caller: LoginUser): Promise<void> {
    await this.uniqueOr(caller.userName, () =>
      this.users.update(
        { userId: caller.id },
        {
          nickName: dto.nickName,
          email: dto.email ?? '',
          phonenumber: dto.phonenumber ?? '',
          ...(dto.sex ? { sex: dto.sex } : {}),
          updateBy: caller.userName,
        },
      ),
    );
  }

  async updatePassword(dto: UpdatePasswordDto, caller: LoginUser): Promise<void> {
    const user = await this.users.findOne({
      where: { userId: caller.id },
      select: { userId: true, userName: true, email: true, phonenumber: true, password: true },
    });
    if (!user || !(await verifyPassword(user.password, dto.oldPassword))) throw new ServiceException('user.oldPasswordWrong');
    if (dto.oldPassword === dto.newPassword) throw new ServiceException('user.samePassword');
    this.policy.checkPassword(await this.policy.active(), dto.newPassword, user);
    await this.users.update(
      { userId: caller.id },
      { password: await hashPassword(dto.newPassword), pwdUpdateTime: new Date(), forceModifyPwd: false, updateBy: caller.userName },
    );
    // Whoever knew the old password is signed out everywhere else; this session goes on.
    await this.sessions.closeAllOf(caller.id, 'staff', caller.tokenId);
  }

  /** Stores a new avatar (jpg or png by content) and returns its URL; the previous file is removed. */
  async setAvatar(data: Buffer, caller: LoginUser): Promise<{ imgUrl: string }> {
    const type = await sniffContent(data, AVATAR_EXTS);
    if (!type) throw new ServiceException('user.avatar.format');
    const tooLarge = await tooManyPixels(data, type.ext);
    if (tooLarge) throw new ServiceException('user.avatar.tooLarge', tooLarge);
    const fileName = `${caller.id}-${randomBytes(16).toString('hex')}.${type.ext}`;
    await this.storage.put(`avatar/${fileName}`, data);
    const imgUrl = `${AVATAR_URL_PREFIX}${fileName}`;
    const previous = (await this.accounts.findById(caller.id))?.avatar ?? '';
    await this.users.update({ userId: caller.id }, { avatar: imgUrl, updateBy: caller.userName });
    if (previous.startsWith(AVATAR_URL_PREFIX))
      await this.storage.delete(`avatar/${previous.slice(AVATAR_URL_PREFIX.length)}`).catch(() => undefined);
    return { imgUrl };
  }

  async preferences(caller: LoginUser): Promise<Record<string, unknown>> {
    return (await this.accounts.findById(caller.id))?.preferences ?? {};
  }

  async savePreferences(preferences: Record<string, unknown>, caller: LoginUser): Promise<void> {
    await this.dataSource.query('UPDATE sys_user SET preferences = $1::jsonb WHERE user_id = $2', [JSON.stringify(preferences), caller.id]);
  }

  /** A user the caller may see (data scope), or a 404/403. */
  private async scoped(userId: string, caller: LoginUser): Promise<SysUser> {
    const qb = this.users.createQueryBuilder('u').where("u.user_id = :userId AND u.del_flag = '0'", { userId });
    const exists = await this.users.exists({ where: { userId, delFlag: '0' } });
    if (!exists) throw ServiceException.notFound('user.notFound');
    await this.dataScope.apply(qb, caller, { dept: 'u.dept_id', user: 'u.user_id' });
    const user = await qb.getOne();
    if (!user) throw ServiceException.forbidden('user.outOfScope');
    return user;
  }

  /** A user the caller may change: in scope, and a super administrator only by a super administrator. */
  private async editable(userId: string, caller: LoginUser): Promise<SysUser> {
    const user = await this.scoped(userId, caller);
    if (!isSuperAdmin(caller) && (await this.accounts.rolesOf(userId)).some((r) => r.roleKey === SUPER_ADMIN_ROLE)) {
      throw new ServiceException('user.superAdminProtected');
    }
    return user;
  }

  /** Runs a write, turning a clash with another live user's name, email or phone (unique indexes) into its message. */
  private uniqueOr<T>(userName: string, write: () => Promise<T>): Promise<T> {
    return withUniqueMessages(write, this.uniqueMessages(userName));
  }

  /** The message of a clash with another user's name, email or phone; undefined for any other error. */
  private uniqueFailure(err: unknown, userName: string): ServiceException | undefined {
    return this.uniqueMessages(userName)[uniqueViolationOf(err) ?? '']?.();
  }

  private uniqueMessages(userName: string): Record<string, () => ServiceException> {
    return {
      uq_sys_user_name: () => new ServiceException('user.userNameTaken', { userName }),
      uq_sys_user_email: () => new ServiceException('user.emailTaken', { userName }),
      uq_sys_user_phone: () => new ServiceException('user.phoneTaken', { userName }),
    };
  }

  private async checkReferences(
    m: EntityManager,
    dto: { deptId?: string; roleIds?: string[]; postIds?: string[] },
    caller: LoginUser,
  ): Promise<void> {
    if (dto.deptId && !(await m.query(`SELECT 1 FROM sys_dept WHERE dept_id = $1 AND status = '0' AND del_flag = '0'`, [dto.deptId])).length) {
      throw new ServiceException('user.deptNotFound');
    }
    if (dto.roleIds?.length) {
      const found: Array<{ role_key: string }> = await m.query(
        `SELECT role_key FROM sys_role WHERE role_id = ANY($1::bigint[]) AND status = '0' AND del_flag = '0'`,
        [dto.roleIds],
      );
      if (found.length !== new Set(dto.roleIds).size) throw new ServiceException('user.roleNotFound');
      if (!isSuperAdmin(caller) && found.some((r) => r.role_key === SUPER_ADMIN_ROLE)) throw new ServiceException('user.superAdminProtected');
    }
    if (dto.postIds?.length) {
      const found = await m.query(`SELECT 1 FROM sys_post WHERE post_id = ANY($1::bigint[]) AND status = '0'`, [dto.postIds]);
      if (found.length !== new Set(dto.postIds).size) throw new ServiceException('user.postNotFound');
    }
  }

  /** Replaces the user's roles and posts; a list that was not sent is left as it is. */
  private async replaceLinks(m: EntityManager, userId: string, roleIds?: string[], postIds?: string[]): Promise<void> {
    if (roleIds) {
      await m.query('DELETE FROM sys_user_role WHERE user_id = $1', [userId]);
      for (const roleId of new Set(roleIds)) await m.query('INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)', [userId, roleId]);
    }
    if (postIds) {
      await m.query('DELETE FROM sys_user_post WHERE user_id = $1', [userId]);
      for (const postId of new Set(postIds)) await m.query('INSERT INTO sys_user_post (user_id, post_id) VALUES ($1, $2)', [userId, postId]);
    }
  }
}
