import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { BlockList, isIP } from 'node:net';
import type { Repository } from 'typeorm';
import { parseCidr, type Cidr } from './cidr';
import { SysIpRule, type IpRuleType } from './sys-ip-rule.entity';

interface CachedRule {
  type: IpRuleType;
  cidr: Cidr;
  /** Ms since epoch, or Infinity. */
  expiresAt: number;
}

interface Compiled {
  deny: BlockList;
  allow: BlockList;
  hasAllow: boolean;
  hasDeny: boolean;
  /** When the next rule expires; the lists are rebuilt from the cache then. */
  validUntil: number;
}

/**
 * Decides whether a client address may use the API, from the enabled rules held in memory: any matching deny
 * rule refuses; once an allow rule exists, only matching addresses pass. The cache is reloaded after every change
 * made on this instance and every `refreshIntervalMs`, so changes made on other instances arrive within that time.
 */
@Injectable()
export class IpAccessService implements OnModuleInit, OnModuleDestroy {
  /** How often the rules are re-read; tests shorten it before the app starts. */
  static refreshIntervalMs = 30_000;

  private readonly logger = new Logger(IpAccessService.name);
  private rules: CachedRule[] = [];
  private compiled: Compiled = IpAccessService.compile([], Date.now());
  private timer?: NodeJS.Timeout;
  private loads = 0;

  constructor(@InjectRepository(SysIpRule) private readonly repo: Repository<SysIpRule>) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch((err: unknown) => this.logger.warn({ err }, 'IP rules not reloaded; the previous ones stay in force'));
    }, IpAccessService.refreshIntervalMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Re-reads the enabled rules. A load that finishes after a later one started is discarded. */
  async reload(): Promise<void> {
    const load = ++this.loads;
    const rows = await this.repo.find({ where: { status: '0' } });
    if (load !== this.loads) return;
    this.rules = rows.flatMap((row) => {
      const cidr = parseCidr(row.cidr);
      if (!cidr) {
        this.logger.warn(`IP rule ${row.ruleId} has an unreadable network "${row.cidr}"; ignored`);
        return [];
      }
      return [{ type: row.ruleType, cidr, expiresAt: row.expireTime ? row.expireTime.getTime() : Infinity }];
    });
    this.compiled = IpAccessService.compile(this.rules, Date.now());
  }

  /** Whether a client at `ip` may call the API now. */
  allows(ip: string | undefined): boolean {
    const now = Date.now();
    if (now >= this.compiled.validUntil) this.compiled = IpAccessService.compile(this.rules, now);
    return IpAccessService.check(this.compiled, ip);
  }

  /** Whether a client at `ip` could call the API under these rules (enabled ones count), e.g. before saving them. */
  static allowsUnder(rows: ReadonlyArray<Pick<SysIpRule, 'ruleType' | 'cidr' | 'expireTime' | 'status'>>, ip: string | undefined): boolean {
    const rules = rows.flatMap((row) => {
      const cidr = row.status === '0' ? parseCidr(row.cidr) : null;
      return cidr ? [{ type: row.ruleType, cidr, expiresAt: row.expireTime ? row.expireTime.getTime() : Infinity }] : [];
    });
    return IpAccessService.check(IpAccessService.compile(rules, Date.now()), ip);
  }

  private static check({ deny, allow, hasAllow, hasDeny }: Compiled, ip: string | undefined): boolean {
    // No rules (the usual case): nothing to look up; a BlockList check parses the address even when empty.
    if (!hasAllow && !hasDeny) return true;
    const family = ip ? isIP(ip) : 0;
    // No readable address (the socket is already gone): it cannot be on an allow list.
    if (family === 0) return !hasAllow;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (hasDeny && deny.check(ip!, type)) return false;
    return !hasAllow || allow.check(ip!, type);
  }

  private static compile(rules: CachedRule[], now: number): Compiled {
    const deny = new BlockList();
    const allow = new BlockList();
    let hasAllow = false;
    let hasDeny = false;
    let validUntil = Infinity;
    for (const rule of rules) {
      if (rule.expiresAt <= now) continue;
      validUntil = Math.min(validUntil, rule.expiresAt);
      (rule.type === 'deny' ? deny : allow).addSubnet(rule.cidr.network, rule.cidr.prefix, rule.cidr.family);
      if (rule.type === 'allow') hasAllow = true;
      else hasDeny = true;
    }
    return { deny, allow, hasAllow, hasDeny, validUntil };
  }
}
