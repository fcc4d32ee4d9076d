import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PageResult } from '@zhiwen/shared';
import { Not, type Repository } from 'typeorm';
import type { LoginUser } from '../auth/login-user';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { SecretBox } from '../common/crypto/secret-box';
import { ServiceException } from '../common/errors/service-exception';
import { t } from '../common/i18n/i18n';
import { paginate } from '../common/paging/paginate';
import type { PusherChannelDto, PusherChannelQueryDto, SavePusherChannelDto } from './pusher.dto';
import { PusherChannel, type PusherChannelType, type PusherProps, type PusherSecrets } from './pusher.entity';

const ROBOT_PATHS: Record<Exclude<PusherChannelType, 'email'>, { example: string; valid: (url: URL) => boolean }> = {
  wecom: {
    example: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…',
    valid: (url) => url.pathname === '/cgi-bin/webhook/send' && !!url.searchParams.get('key'),
  },
  dingtalk: {
    example: 'https://oapi.dingtalk.com/robot/send?access_token=…',
    valid: (url) => url.pathname === '/robot/send' && !!url.searchParams.get('access_token'),
  },
  feishu: {
    example: 'https://open.feishu.cn/open-apis/bot/v2/hook/…',
    valid: (url) => /^\/open-apis\/bot\/v2\/hook\/[A-Za-z0-9_-]+$/.test(url.pathname),
  },
};

const ADDRESS = /^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/;

/** 消息推送配置: the channels (robots and email), their secrets sealed and never answered. */
@Injectable()
export class PusherService {
  constructor(
    @InjectRepository(PusherChannel) private readonly repo: Repository<PusherChannel>,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: PusherChannelQueryDto): Promise<PageResult<PusherChannelDto>> {
    const qb = this.repo.createQueryBuilder('c');
    if (query.name) qb.andWhere('c.name ILIKE :name', { name: `%${query.name.replace(/[\\%_]/g, '\\$&')}%` });
    if (query.channelType) qb.andWhere('c.channel_type = :type', { type: query.channelType });
    qb.addSelect('c.secrets');
    const page = await paginate(qb, query, {
      sortable: { channelId: 'c.channel_id', name: 'c.name', createTime: 'c.create_time' },
      defaultOrder: { 'c.channel_id': 'ASC' },
    });
    return { ...page, rows: page.rows.map(answer) };
  }

  async get(channelId: string): Promise<PusherChannelDto> {
    return answer(await this.load(channelId));
  }

  /** A channel with its secrets opened, for sending; null when it is gone. */
  async openForSend(channelId: string): Promise<{ channel: PusherChannel; secrets: PusherSecrets } | null> {
    const channel = await this.repo.findOne({ where: { channelId }, select: selectAll() });
    if (!channel) return null;
    const secrets: PusherSecrets = {};
    for (const [name, sealed] of Object.entries(channel.secrets ?? {}) as Array<[keyof PusherSecrets, string]>) {
      if (sealed) secrets[name] = this.box.open(sealed);
    }
    // The allowed hosts may have changed since it was saved: checked again before every call.
    if (channel.channelType !== 'email') this.checkWebhook(channel.channelType, secrets.webhookUrl ?? '');
    return { channel, secrets };
  }

  async create(dto: SavePusherChannelDto, user: LoginUser): Promise<PusherChannelDto> {
    const row = this.repo.create({ createBy: user.userName, updateBy: user.userName });
    await this.apply(row, dto);
    return answer(await this.repo.save(row));
  }

  async update(channelId: string, dto: SavePusherChannelDto, user: LoginUser): Promise<PusherChannelDto> {
    const row = await this.load(channelId);
    await this.apply(row, dto);
    row.updateBy = user.userName;
    return answer(await this.repo.save(row));
  }

  async changeStatus(channelId: string, enabled: boolean, user: LoginUser): Promise<void> {
    await this.load(channelId);
    await this.repo.update({ channelId }, { enabled, updateBy: user.userName });
  }

  async remove(channelIds: string[]): Promise<void> {
    await this.repo.delete(channelIds);
  }

  private async load(channelId: string): Promise<PusherChannel> {
    const row = await this.repo.findOne({ where: { channelId }, select: selectAll() });
    if (!row) throw new ServiceException('pusher.notFound');
    return row;
  }

  /** Checks the entered settings and puts them on the row; secrets left empty keep the stored (sealed) ones of the same type. */
  private async apply(row: PusherChannel, dto: SavePusherChannelDto): Promise<void> {
    const name = dto.name.trim();
    const taken = await this.repo.existsBy(row.channelId ? { name, channelId: Not(row.channelId) } : { name });
    if (taken) throw new ServiceException('pusher.nameTaken', { name });
    const old: PusherSecrets = row.channelType === dto.channelType ? (row.secrets ?? {}) : {};
    const props: PusherProps = {};
    const secrets: PusherSecrets = {};
    if (dto.channelType === 'email') {
      for (const field of ['smtpHost', 'smtpPort', 'mailFrom'] as const) {
        if (dto[field] === undefined || dto[field] === '') throw new ServiceException('pusher.required', { field: t(`field.${field}`) });
      }
      const mailTo = (dto.mailTo ?? []).map((a) => a.trim()).filter(Boolean);
      if (!mailTo.length) throw new ServiceException('pusher.required', { field: t('field.mailTo') });
      const bad = mailTo.find((a) => !ADDRESS.test(a));
      if (bad) throw new ServiceException('pusher.mailToInvalid', { value: bad });
      const from = dto.mailFrom!.trim();
      const fromAddress = /<([^<>]+)>$/.exec(from)?.[1] ?? from;
      if (!ADDRESS.test(fromAddress)) throw new ServiceException('pusher.mailToInvalid', { value: from });
      Object.assign(props, {
        smtpHost: dto.smtpHost,
        smtpPort: dto.smtpPort,
        smtpSecure: dto.smtpSecure ?? false,
        smtpUser: dto.smtpUser?.trim() ?? '',
        mailFrom: from,
        mailTo,
      });
      const password = dto.smtpPassword ? this.box.seal(dto.smtpPassword) : old.smtpPassword;
      if (password) secrets.smtpPassword = password;
    } else {
      const entered = dto.webhookUrl?.trim();
      if (entered) {
        const url = this.checkWebhook(dto.channelType, entered);
        secrets.webhookUrl = this.box.seal(url.toString());
        props.webhookHost = url.host;
      } else if (old.webhookUrl) {
        secrets.webhookUrl = old.webhookUrl;
        props.webhookHost = row.props?.webhookHost ?? '';
      } else {
        throw new ServiceException('pusher.required', { field: t('field.webhookUrl') });
      }
      if (dto.channelType !== 'wecom' && dto.signSecret !== null) {
        const sign = dto.signSecret?.trim() ? this.box.seal(dto.signSecret.trim()) : old.signSecret;
        if (sign) secrets.signSecret = sign;
      }
    }
    Object.assign(row, {
      name,
      channelType: dto.channelType,
      enabled: dto.enabled ?? row.enabled ?? true,
      events: [...new Set(dto.events)],
      props,
      secrets,
      remark: dto.remark ?? row.remark ?? '',
    });
  }

  /** The webhook as a URL when it has the robot's form and is on one of its allowed hosts; otherwise a message saying which. */
  private checkWebhook(type: Exclude<PusherChannelType, 'email'>, text: string): URL {
    const robot = ROBOT_PATHS[type];
    const typeName = t(`pusher.type.${type}`);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ServiceException('pusher.webhookInvalid', { type: typeName, example: robot.example });
    }
    const bases = { wecom: this.config.pusher.wecomBases, dingtalk: this.config.pusher.dingtalkBases, feishu: this.config.pusher.feishuBases }[type];
    if (url.username || url.password || !bases.includes(url.origin)) {
      throw new ServiceException('pusher.webhookHost', { type: typeName, hosts: bases.map((b) => new URL(b).host).join(', ') });
    }
    if (!robot.valid(url)) throw new ServiceException('pusher.webhookInvalid', { type: typeName, example: robot.example });
    url.hash = '';
    // A pasted signed URL: our client signs each call afresh.
    url.searchParams.delete('timestamp');
    url.searchParams.delete('sign');
    return url;
  }
}

function selectAll() {
  return {
    channelId: true,
    name: true,
    channelType: true,
    enabled: true,
    events: true,
    props: true,
    secrets: true,
    remark: true,
    createBy: true,
    createTime: true,
    updateBy: true,
    updateTime: true,
  } as const;
}

function answer(row: PusherChannel): PusherChannelDto {
  const p = row.props ?? {};
  const s = row.secrets ?? {};
  return {
    channelId: row.channelId,
    name: row.name,
    channelType: row.channelType,
    enabled: row.enabled,
    events: row.events,
    webhookHost: p.webhookHost ?? '',
    smtpHost: p.smtpHost ?? '',
    smtpPort: p.smtpPort ?? null,
    smtpSecure: p.smtpSecure ?? false,
    smtpUser: p.smtpUser ?? '',
    mailFrom: p.mailFrom ?? '',
    mailTo: p.mailTo ?? [],
    secretsSet: { webhookUrl: !!s.webhookUrl, signSecret: !!s.signSecret, smtpPassword: !!s.smtpPassword },
    remark: row.remark,
    createBy: row.createBy,
    createTime: row.createTime,
    updateBy: row.updateBy,
    updateTime: row.updateTime,
  };
}
