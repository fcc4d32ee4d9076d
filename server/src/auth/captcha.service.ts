import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { KV_STORE, type KvStore } from '../common/cache/kv-store';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { SysConfigService } from '../system/config/sys-config.service';

export const CAPTCHA_TTL_MS = 2 * 60_000;
const PREFIX = 'captcha:';

export type CaptchaCheck = 'ok' | 'expired' | 'wrong';

/** Image captchas (math or characters), answers kept server side for 2 minutes and usable once. */
@Injectable()
export class CaptchaService {
  constructor(
    @Inject(KV_STORE) private readonly store: KvStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sysConfig: SysConfigService,
  ) {}

  /** CAPTCHA_ENABLED in the environment wins over the `sys.account.captchaEnabled` parameter. */
  async enabled(): Promise<boolean> {
    return this.config.captchaEnabled ?? (await this.sysConfig.getBoolean('sys.account.captchaEnabled', true));
  }

  /** Whether self-registration is open (`sys.account.registerUser`); login screens show a register link then. */
  async registrationOpen(): Promise<boolean> {
    return this.sysConfig.getBoolean('sys.account.registerUser', false);
  }

  /** A new captcha image (data URL) and its id. */
  async create(): Promise<{ uuid: string; img: string }> {
    const style = await this.sysConfig.getValue('sys.account.captchaType');
    const captcha =
      style === 'char'
        ? svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 2, width: 120, height: 40 })
        : svgCaptcha.createMathExpr({ mathMin: 1, mathMax: 9, mathOperator: '+-', noise: 1, width: 120, height: 40 });
    const uuid = randomUUID();
    await this.store.set(PREFIX + uuid, captcha.text.toLowerCase(), CAPTCHA_TTL_MS);
    return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /** The answer of a live captcha without consuming it (test-support hook only). */
  async peek(uuid: string): Promise<string | null> {
    return this.store.get(PREFIX + uuid);
  }

  /** Checks an answer (case-insensitive) and consumes the captcha whatever the result. */
  async verify(uuid: string | undefined, code: string | undefined): Promise<CaptchaCheck> {
    if (!uuid) return 'expired';
    const key = PREFIX + uuid;
    const answer = await this.store.get(key);
    await this.store.del(key);
    if (answer === null) return 'expired';
    return (code ?? '').trim().toLowerCase() === answer ? 'ok' : 'wrong';
  }
}
