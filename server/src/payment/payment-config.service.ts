import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { LoginUser } from '../auth/login-user';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { SecretBox } from '../common/crypto/secret-box';
import { ServiceException } from '../common/errors/service-exception';
import { t } from '../common/i18n/i18n';
import { AlipayGateway } from './alipay/alipay-gateway';
import type { PayChannelConfigDto, PaymentMethodsDto, SavePayChannelDto } from './payment.dto';
import { PayChannelConfig } from './payment.entity';
import { CHANNEL_METHODS, PaymentGatewayError, type PayChannel, type PaymentGateway, type PayMethod } from './payment-gateway';
import { WechatPayGateway } from './wechatpay/wechatpay-gateway';

/** The fields each channel keeps: non-secret ones in `props`, sealed ones in `secrets`; `required` to enable it. */
const CHANNEL_FIELDS: Record<PayChannel, { props: readonly string[]; secrets: readonly string[]; required: readonly string[] }> = {
  wechat: {
    props: ['mchId', 'appId', 'serialNo', 'platformPublicKeyId', 'platformPublicKey'],
    secrets: ['privateKey', 'apiV3Key'],
    required: ['mchId', 'appId', 'serialNo', 'privateKey', 'apiV3Key'],
  },
  alipay: {
    props: ['appId', 'sellerId', 'alipayPublicKey'],
    secrets: ['privateKey'],
    required: ['appId', 'alipayPublicKey', 'privateKey'],
  },
};

/** A channel ready to take payments: its gateway and what our side of its notifications must match. */
export interface ActiveChannel {
  channel: PayChannel;
  gateway: PaymentGateway;
  methods: PayMethod[];
  notifyUrl: string;
  refundNotifyUrl: string;
  /** App id and merchant that notifications and queries must name. */
  appId: string;
  merchantId: string;
}

/** How long a member has to pay a priced order (system parameter, minutes). */
export const PAY_TIMEOUT_PARAM = { key: 'check.pay.timeoutMinutes', fallback: 30, min: 5, max: 1440 } as const;

/**
 * Settings of the online payment channels (支付配置). Secrets (private keys, the APIv3 key) are sealed before they are
 * stored and only ever answered as "set"; a channel is enabled only once every field it needs is there and its keys
 * parse. Gateways are kept per channel until its settings change, so WeChat's fetched certificates are reused.
 */
@Injectable()
export class PaymentConfigService {
  private readonly gateways = new Map<PayChannel, { stamp: string; active: ActiveChannel }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly box: SecretBox,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(PayChannelConfig);
  }

  async list(): Promise<PayChannelConfigDto[]> {
    const rows = await this.repo.find({
      select: { channel: true, enabled: true, methods: true, notifyBaseUrl: true, props: true, secrets: true, updateBy: true, updateTime: true },
    });
    return (Object.keys(CHANNEL_FIELDS) as PayChannel[]).map((channel) =>
      answer(
        channel,
        rows.find((r) => r.channel === channel),
      ),
    );
  }

  async save(channel: PayChannel, dto: SavePayChannelDto, caller: LoginUser): Promise<PayChannelConfigDto> {
    const fields = CHANNEL_FIELDS[channel];
    const stored = await this.load(channel);
    const props: Record<string, string> = {};
    for (const name of fields.props) props[name] = String((dto.props as Record<string, unknown>)[name] ?? '').trim();
    const secrets: Record<string, string> = { ...(stored?.secrets ?? {}) };
    for (const name of fields.secrets) {
      const given = String((dto.secrets as Record<string, unknown> | undefined)?.[name] ?? '').trim();
      if (given) {
        this.checkSecret(name, given);
        secrets[name] = this.box.seal(given);
      }
    }
    const methods = [...new Set(dto.methods)];
    const foreign = methods.find((m) => !CHANNEL_METHODS[channel].includes(m));
    if (foreign) throw new ServiceException('payment.config.methodNotOfChannel', { channel: t(`payment.channel.${channel}`), method: foreign });
    for (const name of ['platformPublicKey', 'alipayPublicKey']) if (props[name]) checkPublicKey(name, props[name]);
    if (channel === 'wechat' && !!props.platformPublicKeyId !== !!props.platformPublicKey) throw new ServiceException('payment.config.publicKeyPair');
    if (dto.enabled) {
      const missing = fields.required.filter((name) => !(props[name] || secrets[name]));
      if (!dto.notifyBaseUrl) missing.push('notifyBaseUrl');
      if (!methods.length) missing.push('methods');
      if (missing.length)
        throw new ServiceException('payment.config.required', {
          channel: t(`payment.channel.${channel}`),
          fields: missing.map((f) => t(`field.${f}`)).join('、'),
        });
    }
    await this.repo.save(
      this.repo.create({
        channel,
        enabled: dto.enabled,
        methods,
        notifyBaseUrl: dto.notifyBaseUrl.replace(/\/+$/, ''),
        props,
        secrets,
        updateBy: caller.userName,
        updateTime: new Date(),
      }),
    );
    this.gateways.delete(channel);
    return answer(channel, await this.load(channel));
  }

  /** A signed call with the stored settings; the message names what failed. */
  async test(channel: PayChannel): Promise<{ ok: true }> {
    const row = await this.load(channel);
    if (!row || CHANNEL_FIELDS[channel].required.some((name) => !(row.props[name] || row.secrets[name])))
      throw new ServiceException('payment.config.notConfigured', { channel: t(`payment.channel.${channel}`) });
    try {
      await this.build(row).gateway.test();
    } catch (error) {
      throw new ServiceException('payment.config.testFailed', { reason: describeGatewayError(error) });
    }
    return { ok: true };
  }

  /** The enabled channels and their methods, for the public site. */
  async methods(timeoutMinutes: number): Promise<PaymentMethodsDto> {
    const rows = await this.repo.find({ where: { enabled: true }, order: { channel: 'DESC' } });
    return { channels: rows.filter((r) => r.methods.length).map((r) => ({ channel: r.channel, methods: r.methods })), timeoutMinutes };
  }

  /** Whether any channel takes payments now. */
  async anyEnabled(): Promise<boolean> {
    return (await this.repo.countBy({ enabled: true })) > 0;
  }

  /** The channel's gateway when it is enabled (`requireEnabled`) or at least configured; null otherwise. */
  async active(channel: PayChannel, requireEnabled = true): Promise<ActiveChannel | null> {
    const row = await this.load(channel);
    if (!row || (requireEnabled && !row.enabled)) return null;
    if (CHANNEL_FIELDS[channel].required.some((name) => !(row.props[name] || row.secrets[name]))) return null;
    const stamp = `${row.updateTime?.getTime() ?? 0}`;
    const cached = this.gateways.get(channel);
    if (cached?.stamp === stamp) return cached.active;
    const active = this.build(row);
    this.gateways.set(channel, { stamp, active });
    return active;
  }

  private build(row: PayChannelConfig): ActiveChannel {
    const open = (name: string) => (row.secrets[name] ? this.box.open(row.secrets[name]) : '');
    const p = row.props;
    const notifyUrl = `${row.notifyBaseUrl}/payment/notify/${row.channel}`;
    if (row.channel === 'wechat') {
      const gateway = new WechatPayGateway(
        {
          mchId: p.mchId,
          appId: p.appId,
          serialNo: p.serialNo,
          privateKey: open('privateKey'),
          apiV3Key: open('apiV3Key'),
          platformPublicKeyId: p.platformPublicKeyId || undefined,
          platformPublicKey: p.platformPublicKey || undefined,
        },
        this.config.payment.wechatPayApiBase,
      );
      return { channel: 'wechat', gateway, methods: row.methods, notifyUrl, refundNotifyUrl: notifyUrl, appId: p.appId, merchantId: p.mchId };
    }
    const gateway = new AlipayGateway(
      { appId: p.appId, privateKey: open('privateKey'), alipayPublicKey: p.alipayPublicKey, sellerId: p.sellerId || undefined },
      this.config.payment.alipayGateway,
    );
    return { channel: 'alipay', gateway, methods: row.methods, notifyUrl, refundNotifyUrl: notifyUrl, appId: p.appId, merchantId: p.sellerId ?? '' };
  }

  private load(channel: PayChannel): Promise<PayChannelConfig | null> {
    return this.repo.findOne({
      where: { channel },
      select: { channel: true, enabled: true, methods: true, notifyBaseUrl: true, props: true, secrets: true, updateBy: true, updateTime: true },
    });
  }

  private checkSecret(name: string, value: string): void {
    if (name === 'apiV3Key') {
      if (value.length !== 32) throw new ServiceException('payment.config.apiV3KeyLength');
      return;
    }
    try {
      createPrivateKey(value);
    } catch {
      throw new ServiceException('payment.config.badPrivateKey', { field: t(`field.${name}`) });
    }
  }
}

function checkPublicKey(name: string, pem: string): void {
  try {
    createPublicKey(pem);
  } catch {
    throw new ServiceException('payment.config.badPublicKey', { field: t(`field.${name}`) });
  }
}

function answer(channel: PayChannel, row: PayChannelConfig | null | undefined): PayChannelConfigDto {
  const fields = CHANNEL_FIELDS[channel];
  const props: Record<string, string> = {};
  for (const name of fields.props) props[name] = row?.props?.[name] ?? '';
  const secretsSet: Record<string, boolean> = {};
  for (const name of fields.secrets) secretsSet[name] = !!row?.secrets?.[name];
  return {
    channel,
    enabled: row?.enabled ?? false,
    methods: row?.methods ?? [],
    notifyBaseUrl: row?.notifyBaseUrl ?? '',
    props,
    secretsSet,
    updateBy: row?.updateBy ?? '',
    updateTime: row?.updateTime ?? null,
  };
}

/** A gateway failure in words staff and members can act on (the provider's own code and message when it said no). */
export function describeGatewayError(error: unknown): string {
  if (error instanceof PaymentGatewayError) {
    if (error.code === 'rejected') return t('payment.error.rejected', { code: error.providerCode || '-', message: error.providerMessage || '-' });
    return t(`payment.error.${error.code}`);
  }
  return t('payment.error.unreachable');
}
