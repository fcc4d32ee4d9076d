import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ServiceException } from '../../common/errors/service-exception';
import { PasswordRule, POLICY_DEFAULTS, SecurityConfig, type PasswordRuleValue } from './security-config.entity';

const COMPOSITION: Record<PasswordRuleValue, RegExp[]> = {
  [PasswordRule.NONE]: [],
  [PasswordRule.LETTER_DIGIT]: [/[A-Za-z]/, /\d/],
  [PasswordRule.UPPER_LOWER_DIGIT]: [/[A-Z]/, /[a-z]/, /\d/],
  [PasswordRule.LETTER_DIGIT_SPECIAL]: [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/],
  [PasswordRule.UPPER_LOWER_DIGIT_SPECIAL]: [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/],
};

/** Used when no policy is active: the seeded defaults. */
const FALLBACK: { status: '0' | '1' } & typeof POLICY_DEFAULTS = { status: '0', ...POLICY_DEFAULTS };

export type SecurityPolicy = typeof FALLBACK;

export interface PasswordOwner {
  userName: string;
  phonenumber?: string;
  email?: string;
}

/** The active password and login policy, and the checks it implies. */
@Injectable()
export class SecurityPolicyService {
  constructor(@InjectRepository(SecurityConfig) private readonly configs: Repository<SecurityConfig>) {}

  async active(): Promise<SecurityPolicy> {
    return (await this.configs.findOne({ where: { status: '0' } })) ?? FALLBACK;
  }

  /** Throws the first rule a new password breaks, with its own message. */
  checkPassword(policy: SecurityPolicy, password: string, owner: PasswordOwner): void {
    const { passwordLenMin: min, passwordLenMax: max } = policy;
    if (password.length < min || password.length > max) throw new ServiceException('security.passwordLength', { min, max });
    if (!COMPOSITION[policy.passwordRule].every((re) => re.test(password))) {
      throw new ServiceException(`security.rule.${policy.passwordRule}`);
    }
    if (policy.passwordSensitive) {
      const lower = password.toLowerCase();
      const sensitive = [owner.userName, owner.phonenumber, owner.email?.split('@')[0]].filter((s): s is string => !!s && s.length >= 3);
      if (sensitive.some((s) => lower.includes(s.toLowerCase()))) throw new ServiceException('security.passwordSensitive');
    }
    const weak = policy.weakPasswords
      .split(/\r?\n/)
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    if (weak.includes(password.toLowerCase())) throw new ServiceException('security.passwordWeak');
  }

  /** Whether a password last changed at `changedAt` has outlived the policy. */
  isExpired(policy: SecurityPolicy, changedAt: Date): boolean {
    return policy.passwordExpireSeconds > 0 && changedAt.getTime() + policy.passwordExpireSeconds * 1000 < Date.now();
  }
}
