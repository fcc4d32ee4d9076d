import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { PusherChannelType, PusherProps, PusherSecrets } from './pusher.entity';

/** A message as every channel gets it: a title and lines of "label：value" (already in the product's language). */
export interface PushMessage {
  title: string;
  lines: string[];
}

/** How a delivery ended when it did not throw. */
export interface PushResult {
  /** What the other side answered, for the log. */
  response: string;
}

/** A refused or failed push: `reason` is for staff (no secrets in it), `response` what the other side said. */
export class PushError extends Error {
  constructor(
    readonly reason: { key: string; args: Record<string, string | number> },
    readonly response = '',
  ) {
    super(reason.key);
    this.name = 'PushError';
  }
}

const TIMEOUT_MS = 10_000;

/** The robot's webhook, POSTed as JSON; the robot answers 200 with its own error code in the body. */
async function postJson(url: string, body: object): Promise<{ text: string; json: Record<string, unknown> }> {
  let res: Response;
  try {
    // No redirects: the host was checked when saved, and a redirect could lead anywhere.
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PushError({ key: 'pusher.error.unreachable', args: { message: describe(error) } });
  }
  const text = (await res.text().catch(() => '')).slice(0, 1000);
  if (!res.ok) throw new PushError({ key: 'pusher.error.http', args: { status: res.status } }, text);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new PushError({ key: 'pusher.error.rejected', args: { code: '-', message: text.slice(0, 200) } }, text);
  }
  return { text, json };
}

function describe(error: unknown): string {
  const e = error as { cause?: { code?: string; message?: string }; message?: string };
  return (e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error)).slice(0, 200);
}

/** WeCom group robot: markdown to `…/cgi-bin/webhook/send?key=…`; `{"errcode":0,"errmsg":"ok"}` on success. */
export async function sendWecom(webhookUrl: string, message: PushMessage): Promise<PushResult> {
  const content = [`**${message.title}**`, ...message.lines.map((l) => `> ${l}`)].join('\n');
  const { text, json } = await postJson(webhookUrl, { msgtype: 'markdown', markdown: { content } });
  return robotAnswer(text, json.errcode, json.errmsg);
}

/** The 加签 of a DingTalk robot: base64 HMAC-SHA256 of `timestamp\nsecret` keyed by the secret (URL-encoded by the caller). */
export function dingtalkSign(timestamp: string, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64');
}

/** DingTalk robot: markdown to `…/robot/send?access_token=…`, with `&timestamp=&sign=` when it signs. */
export async function sendDingtalk(webhookUrl: string, signSecret: string | undefined, message: PushMessage): Promise<PushResult> {
  const url = new URL(webhookUrl);
  if (signSecret) {
    const timestamp = String(Date.now());
    url.searchParams.set('timestamp', timestamp);
    url.searchParams.set('sign', dingtalkSign(timestamp, signSecret));
  }
  const markdown = { title: message.title, text: [`#### ${message.title}`, ...message.lines.map((l) => `- ${l}`)].join('\n') };
  const { text, json } = await postJson(url.toString(), { msgtype: 'markdown', markdown });
  return robotAnswer(text, json.errcode, json.errmsg);
}

/** The signature of a Feishu/Lark robot: base64 HMAC-SHA256 with key `timestamp\nsecret` over an empty message. */
export function feishuSign(timestamp: string, secret: string): string {
  return createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
}

/** Feishu/Lark robot: text to `…/open-apis/bot/v2/hook/…`, `timestamp` (seconds) and `sign` in the body when it signs. */
export async function sendFeishu(webhookUrl: string, signSecret: string | undefined, message: PushMessage): Promise<PushResult> {
  const body: Record<string, unknown> = { msg_type: 'text', content: { text: [message.title, ...message.lines].join('\n') } };
  if (signSecret) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    body.timestamp = timestamp;
    body.sign = feishuSign(timestamp, signSecret);
  }
  const { text, json } = await postJson(webhookUrl, body);
  // Current answers carry code/msg; older hooks answered StatusCode/StatusMessage.
  return robotAnswer(text, json.code ?? json.StatusCode, json.msg ?? json.StatusMessage);
}

function robotAnswer(text: string, code: unknown, message: unknown): PushResult {
  if (code === 0) return { response: text };
  throw new PushError({ key: 'pusher.error.rejected', args: { code: String(code ?? '-'), message: String(message ?? '').slice(0, 200) } }, text);
}

/** Email over SMTP (nodemailer): plain text, one message to every recipient. */
export async function sendEmail(props: PusherProps, password: string | undefined, message: PushMessage): Promise<PushResult> {
  const transport = nodemailer.createTransport({
    host: props.smtpHost,
    port: props.smtpPort,
    secure: props.smtpSecure ?? false,
    auth: props.smtpUser ? { user: props.smtpUser, pass: password ?? '' } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    const info = await transport.sendMail({
      from: props.mailFrom,
      to: props.mailTo,
      subject: message.title,
      text: message.lines.join('\n'),
    });
    return { response: String(info.response ?? '').slice(0, 1000) };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
    if (e.responseCode)
      throw new PushError(
        { key: 'pusher.error.rejected', args: { code: e.responseCode, message: (e.response ?? '').slice(0, 200) } },
        e.response ?? '',
      );
    throw new PushError({ key: 'pusher.error.unreachable', args: { message: (e.code ?? e.message ?? String(error)).slice(0, 200) } });
  } finally {
    transport.close();
  }
}

/** Sends a message through a channel of any type (secrets already opened). */
export function push(type: PusherChannelType, props: PusherProps, secrets: PusherSecrets, message: PushMessage): Promise<PushResult> {
  switch (type) {
    case 'wecom':
      return sendWecom(secrets.webhookUrl ?? '', message);
    case 'dingtalk':
      return sendDingtalk(secrets.webhookUrl ?? '', secrets.signSecret, message);
    case 'feishu':
      return sendFeishu(secrets.webhookUrl ?? '', secrets.signSecret, message);
    case 'email':
      return sendEmail(props, secrets.smtpPassword, message);
  }
}
