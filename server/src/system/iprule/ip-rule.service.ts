import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isIP } from 'node:net';
import { In, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { parseCidr } from './cidr';
import { IpAccessService } from './ip-access.service';
import type { CreateIpRuleDto, IpRuleQueryDto, UpdateIpRuleDto } from './ip-rule.dto';
import { SysIpRule } from './sys-ip-rule.entity';

/** The rules of administering IP rules; every change takes effect on this instance at once. */
@Injectable()
export class IpRuleService {
  constructor(
    @InjectRepository(SysIpRule) private readonly rules: Repository<SysIpRule>,
    private readonly access: IpAccessService,
  ) {}

  /** Rules matching the filters, newest first unless sorted otherwise. */
  list(query: IpRuleQueryDto): Promise<PageResult<SysIpRule>> {
    const qb = this.rules.createQueryBuilder('r');
    if (query.ruleType) qb.andWhere('r.rule_type = :ruleType', { ruleType: query.ruleType });
    if (query.status) qb.andWhere('r.status = :status', { status: query.status });
    const text = query.cidr?.trim();
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // An address also finds the networks holding it ("which rules hit 10.1.2.3?").
      if (isIP(text)) qb.andWhere('(r.cidr::text LIKE :like OR r.cidr >>= :address::inet)', { like, address: text });
      else qb.andWhere('r.cidr::text LIKE :like', { like });
    }
    return paginate(qb, query, {
      sortable: { ruleId: 'r.rule_id', ruleType: 'r.rule_type', cidr: 'r.cidr', expireTime: 'r.expire_time', createTime: 'r.create_time' },
      defaultOrder: { 'r.rule_id': 'DESC' },
    });
  }

  async get(ruleId: string): Promise<SysIpRule> {
    const rule = await this.rules.findOne({ where: { ruleId } });
    if (!rule) throw ServiceException.notFound();
    return rule;
  }

  /** `ip` is the caller's address: a change that would shut the caller out is refused. */
  async create(dto: CreateIpRuleDto, caller: LoginUser, ip: string | undefined): Promise<SysIpRule> {
    const fields = this.checked(dto);
    await this.assertKeepsCallerIn((rules) => [...rules, fields], ip);
    const { ruleId } = await this.rules.save(this.rules.create({ ...fields, createBy: caller.userName, updateBy: caller.userName }));
    await this.access.reload();
    return this.get(ruleId);
  }

  async update(dto: UpdateIpRuleDto, caller: LoginUser, ip: string | undefined): Promise<SysIpRule> {
    await this.get(dto.ruleId);
    const fields = this.checked(dto);
    await this.assertKeepsCallerIn((rules) => [...rules.filter((r) => r.ruleId !== dto.ruleId), fields], ip);
    await this.rules.update({ ruleId: dto.ruleId }, { ...fields, updateBy: caller.userName });
    await this.access.reload();
    return this.get(dto.ruleId);
  }

  /** Deletes the listed rules; ids that do not exist are ignored. */
  async remove(ruleIds: string[], ip: string | undefined): Promise<void> {
    await this.assertKeepsCallerIn((rules) => rules.filter((r) => !ruleIds.includes(r.ruleId)), ip);
    await this.rules.delete({ ruleId: In(ruleIds) });
    await this.access.reload();
  }

  /** Refuses a change after which the caller's own address could no longer reach the console (no self lock-out). */
  private async assertKeepsCallerIn(
    change: (rules: SysIpRule[]) => Array<Pick<SysIpRule, 'ruleType' | 'cidr' | 'expireTime' | 'status'>>,
    ip: string | undefined,
  ): Promise<void> {
    const after = change(await this.rules.find());
    if (!IpAccessService.allowsUnder(after, ip)) throw new ServiceException('iprule.locksYouOut', { ip: ip ?? '-' });
  }

  /** The columns to store, after the checks the database cannot make with a readable message. */
  private checked(dto: CreateIpRuleDto) {
    const cidr = parseCidr(dto.cidr);
    if (!cidr) throw new ServiceException('iprule.invalidCidr', { cidr: dto.cidr.trim().slice(0, 64) });
    const expireTime = dto.expireTime ? new Date(dto.expireTime) : null;
    if (expireTime && (Number.isNaN(expireTime.getTime()) || expireTime.getTime() <= Date.now())) {
      throw new ServiceException('iprule.expireInPast');
    }
    return { ruleType: dto.ruleType, cidr: cidr.text, expireTime, status: dto.status ?? '0', remark: dto.remark ?? '' };
  }
}
