import type { StateChoice } from '../../../components/StateChip';

/** Channel types of the message pusher (server/src/pusher). */
export const PUSHER_TYPES = ['wecom', 'dingtalk', 'feishu', 'email'] as const;
export type PusherType = (typeof PUSHER_TYPES)[number];

/** Events a channel may subscribe to, in the order their checkboxes show. */
export const PUSHER_EVENTS = ['check.failed', 'order.paid', 'refund.requested', 'publish.failed', 'staff.newAddress'] as const;
export type PusherEvent = (typeof PUSHER_EVENTS)[number];

/** i18n key of an event (`check.failed` → `app.pusher.event_check_failed`). */
export const eventLabel = (event: string) => `app.pusher.event_${event.replace('.', '_')}`;

/** Where a robot's webhook comes from, shown as the box's placeholder. */
export const WEBHOOK_EXAMPLES: Record<Exclude<PusherType, 'email'>, string> = {
  wecom: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…',
  dingtalk: 'https://oapi.dingtalk.com/robot/send?access_token=…',
  feishu: 'https://open.feishu.cn/open-apis/bot/v2/hook/…',
};

/** A channel as the server answers it: secrets only as set or not. */
export interface PusherChannel {
  channelId: string;
  name: string;
  channelType: PusherType;
  enabled: boolean;
  events: PusherEvent[];
  webhookHost: string;
  smtpHost: string;
  smtpPort: number | null;
  smtpSecure: boolean;
  smtpUser: string;
  mailFrom: string;
  mailTo: string[];
  secretsSet: { webhookUrl: boolean; signSecret: boolean; smtpPassword: boolean };
  remark: string;
  updateTime: string;
}

/** The dialog's fields (all text, as typed). */
export interface ChannelForm {
  name: string;
  channelType: PusherType;
  enabled: boolean;
  events: PusherEvent[];
  webhookUrl: string;
  signSecret: string;
  /** Remove the stored signing secret (the robot no longer signs). */
  clearSign: boolean;
  smtpHost: string;
  smtpPort: string;
  smtpSecure: boolean;
  smtpUser: string;
  smtpPassword: string;
  mailFrom: string;
  mailTo: string;
  remark: string;
}

export const emptyForm = (): ChannelForm => ({
  name: '',
  channelType: 'wecom',
  enabled: true,
  events: [],
  webhookUrl: '',
  signSecret: '',
  clearSign: false,
  smtpHost: '',
  smtpPort: '465',
  smtpSecure: true,
  smtpUser: '',
  smtpPassword: '',
  mailFrom: '',
  mailTo: '',
  remark: '',
});

export const formOf = (c: PusherChannel): ChannelForm => ({
  ...emptyForm(),
  name: c.name,
  channelType: c.channelType,
  enabled: c.enabled,
  events: [...c.events],
  smtpHost: c.smtpHost,
  smtpPort: c.smtpPort ? String(c.smtpPort) : '465',
  smtpSecure: c.smtpSecure,
  smtpUser: c.smtpUser,
  mailFrom: c.mailFrom,
  mailTo: c.mailTo.join(', '),
  remark: c.remark,
});

/**
 * The save body: the type's own fields only, trimmed; a secret box left empty is left out (the server keeps what it
 * has), and a cleared signing secret is sent as null.
 */
export function channelBody(form: ChannelForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: form.name.trim(),
    channelType: form.channelType,
    enabled: form.enabled,
    events: PUSHER_EVENTS.filter((e) => form.events.includes(e)),
    remark: form.remark.trim(),
  };
  if (form.channelType === 'email') {
    Object.assign(body, {
      smtpHost: form.smtpHost.trim(),
      smtpPort: Number(form.smtpPort),
      smtpSecure: form.smtpSecure,
      smtpUser: form.smtpUser.trim(),
      mailFrom: form.mailFrom.trim(),
      mailTo: form.mailTo
        .split(/[,;，；\s]+/)
        .map((a) => a.trim())
        .filter(Boolean),
    });
    if (form.smtpPassword) body.smtpPassword = form.smtpPassword;
    return body;
  }
  if (form.webhookUrl.trim()) body.webhookUrl = form.webhookUrl.trim();
  if (form.channelType !== 'wecom') {
    if (form.clearSign) body.signSecret = null;
    else if (form.signSecret.trim()) body.signSecret = form.signSecret.trim();
  }
  return body;
}

/** What the form lacks before it can be saved (an i18n key), or undefined. `stored` says which secrets the server has. */
export function channelProblem(form: ChannelForm, stored?: PusherChannel['secretsSet'], sameType = true): string | undefined {
  if (!form.name.trim()) return 'app.pusher.name_required';
  if (form.channelType === 'email') {
    if (!form.smtpHost.trim() || !form.mailFrom.trim()) return 'app.pusher.smtp_required';
    const port = Number(form.smtpPort);
    if (!Number.isInteger(port) || port < 1 || port > 65535) return 'app.pusher.port_invalid';
    if (!channelBody(form).mailTo || !(channelBody(form).mailTo as string[]).length) return 'app.pusher.mailto_required';
    return undefined;
  }
  if (!form.webhookUrl.trim() && !(sameType && stored?.webhookUrl)) return 'app.pusher.webhook_required';
  return undefined;
}

/** `GET /cms/pusher/log/list` rows. */
export interface DeliveryRow {
  deliveryId: string;
  channelId: string;
  channelName: string;
  channelType: PusherType;
  event: string;
  title: string;
  content: string;
  status: 'pending' | 'retrying' | 'success' | 'failed';
  attempts: number;
  response: string;
  error: string;
  createTime: string;
  lastAttemptTime: string | null;
}

export const DELIVERY_STATUS: readonly StateChoice[] = [
  { id: 'pending', name: 'app.pusher.status_pending', color: 'default' },
  { id: 'retrying', name: 'app.pusher.status_retrying', color: 'warning' },
  { id: 'success', name: 'app.pusher.status_success', color: 'success' },
  { id: 'failed', name: 'app.pusher.status_failed', color: 'error' },
];
