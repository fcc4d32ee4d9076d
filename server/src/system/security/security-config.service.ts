import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import type { SecurityConfigFieldsDto, SecurityConfigQueryDto, UpdateSecurityConfigDto } from './security-config.dto';
import { POLICY_DEFAULTS, SecurityConfig } from './security-config.entity';

const ACTIVE = '0';
const INACTIVE = '1';

/** The rule fields a caller may set (status changes only through activation). */
const RULE_FIELDS = [
  'passwordLenMin',
  'passwordLenMax',
  'passwordRule',
  'passwordSensitive',
  'weakPasswords',
  'passwordExpireSeconds',
  'passwordRetryLimit',
  'passwordRetryStrategy',
  'passwordRetryLockSeconds',
  'forceModifyPwdAfterAdd',
  'forceModifyPwdAfterReset',
  'remark',
] as const satisfies ReadonlyArray<keyof SecurityConfigFieldsDto & keyof SecurityConfig>;

/** Values of a new policy for the fields the caller leaves out: the column defaults of the migration. */
const NEW_POLICY: Pick<SecurityConfig, (typeof RULE_FIELDS)[number]> = { ...POLICY_DEFAULTS, remark: '' };

/**
 * Security policies (`sys_security_config`): staff keep several and activate one; login, password changes and
 * expiry read the active one through SecurityPolicyService. The database allows at most one active row.
 */
@Injectable()
export class SecurityConfigService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Policies, paged, oldest first. */
  list(query: SecurityConfigQueryDto): Promise<PageResult<SecurityConfig>> {
    const qb = this.dataSource.getRepository(SecurityConfig).createQueryBuilder('c');
    if (query.status) qb.where('c.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: { configId: 'c.config_id', createTime: 'c.create_time', updateTime: 'c.update_time' },
      defaultOrder: { 'c.config_id': 'ASC' },
    });
  }

  get(configId: string): Promise<SecurityConfig> {
    return this.find(this.dataSource.manager, configId);
  }

  /** Saves a new policy; it starts inactive until someone activates it. */
  async create(caller: LoginUser, dto: SecurityConfigFieldsDto): Promise<SecurityConfig> {
    const config = this.dataSource.manager.create(SecurityConfig, {
      ...NEW_POLICY,
      ...pickRules(dto),
      status: INACTIVE,
      createBy: caller.userName,
      updateBy: caller.userName,
    });
    assertLengths(config);
    return this.dataSource.manager.save(config);
  }

  /** Changes the rules of a policy (active or not); its status stays as it is. */
  async update(caller: LoginUser, dto: UpdateSecurityConfigDto): Promise<SecurityConfig> {
    return this.dataSource.transaction(async (m) => {
      const config = await this.find(m, dto.configId, true);
      Object.assign(config, pickRules(dto), { updateBy: caller.userName });
      assertLengths(config);
      return m.save(config);
    });
  }

  /** Deletes policies, all or none; the active one is refused. */
  async remove(configIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await lockPolicies(m);
      const configs = await m.find(SecurityConfig, { where: { configId: In(configIds) } });
      if (configs.length !== new Set(configIds).size) throw ServiceException.notFound('securityConfig.notFound');
      if (configs.some((c) => c.status === ACTIVE)) throw new ServiceException('securityConfig.activeCannotDelete');
      await m.delete(SecurityConfig, { configId: In(configIds) });
    });
  }

  /** Makes one policy the active one; the previously active one becomes inactive in the same transaction. */
  async activate(caller: LoginUser, configId: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await lockPolicies(m);
      await this.find(m, configId);
      // Deactivate first: the partial unique index admits one active row at any moment.
      await m
        .createQueryBuilder()
        .update(SecurityConfig)
        .set({ status: INACTIVE, updateBy: caller.userName })
        .where('status = :active AND config_id <> :configId', { active: ACTIVE, configId })
        .execute();
      await m.update(SecurityConfig, { configId }, { status: ACTIVE, updateBy: caller.userName });
    });
  }

  private async find(m: EntityManager, configId: string, forUpdate = false): Promise<SecurityConfig> {
    const qb = m.getRepository(SecurityConfig).createQueryBuilder('c').where('c.config_id = :configId', { configId });
    if (forUpdate) qb.setLock('pessimistic_write');
    const config = await qb.getOne();
    if (!config) throw ServiceException.notFound('securityConfig.notFound');
    return config;
  }
}

/** Only the rule fields the caller sent. */
function pickRules(dto: SecurityConfigFieldsDto): Partial<SecurityConfig> {
  const out: Partial<Record<(typeof RULE_FIELDS)[number], unknown>> = {};
  for (const key of RULE_FIELDS) if (dto[key] !== undefined && dto[key] !== null) out[key] = dto[key];
  return out as Partial<SecurityConfig>;
}

/** The length bounds are checked on the merged policy, since a change may send only one of them. */
function assertLengths(config: SecurityConfig): void {
  if (config.passwordLenMax < config.passwordLenMin) {
    throw new ServiceException('securityConfig.lenMaxBelowMin', { min: config.passwordLenMin, max: config.passwordLenMax });
  }
}

/** Serialises activations and deletions, so two concurrent activations cannot both see the old active row. */
async function lockPolicies(m: EntityManager): Promise<void> {
  await m.query('LOCK TABLE sys_security_config IN SHARE ROW EXCLUSIVE MODE');
}
