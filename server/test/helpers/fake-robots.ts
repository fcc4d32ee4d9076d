import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Loopback group robots for tests, one server speaking three protocols with their own signature checks (written
 * from the robots' documentation, not shared with our clients):
 * - WeCom: `POST /cgi-bin/webhook/send?key=…`, JSON `{msgtype, text|markdown: {content}}`, answers `{errcode, errmsg}`.
 * - DingTalk: `POST /robot/send?access_token=…[&timestamp=ms&sign=…]`, sign = urlencoded base64 HMAC-SHA256 keyed by
 *   the secret over `timestamp\nsecret`, within an hour; answers `{errcode, errmsg}` (310000 on a bad signature).
 * - Feishu/Lark: `POST /open-apis/bot/v2/hook/<id>`, JSON `{msg_type, content, timestamp?, sign?}` with timestamp in
 *   seconds and sign = base64 HMAC-SHA256 keyed by `timestamp\nsecret` over nothing; answers `{code, msg, data}`
 *   (19021 on a bad signature).
 */

export type RobotKind = 'wecom' | 'dingtalk' | 'feishu';

export interface RobotMessage {
  robot: RobotKind;
  /** The key, access token or hook id the message was sent to. */
  token: string;
  body: Record<string, unknown>;
  /** The text a person would read (markdown or text content). */
  text: string;
}

export interface FakeRobots {
  /** http://127.0.0.1:port — the base of every robot. */
  url: string;
  /** Messages accepted (signature right), oldest first. */
  received: RobotMessage[];
  /** Requests refused, with the answer given. */
  refused: Array<{ robot: RobotKind; token: string; answer: Record<string, unknown> }>;
  /** Registers a robot: its token (key / access_token / hook id) and, for DingTalk and Feishu, its signing secret. */
  addRobot(robot: RobotKind, token: string, secret?: string): void;
  /** The next `count` requests are answered with HTTP `status` (500: the robot is down for a while). */
  failNext(count: number, status?: number): void;
  /** Webhook URLs as the robots' consoles show them. */
  webhookOf(robot: RobotKind, token: string): string;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;

export async function startFakeRobots(): Promise<FakeRobots> {
  const robots = new Map<string, { secret?: string }>();
  const received: RobotMessage[] = [];
  const refused: FakeRobots['refused'] = [];
  let failing = { count: 0, status: 500 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: Record<string, unknown>) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (failing.count > 0) {
        failing.count--;
        res.writeHead(failing.status, { 'Content-Type': 'text/plain' });
        res.end('upstream unavailable');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://robots');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return reply(200, { errcode: 40002, errmsg: 'invalid json' });
      }
      if (req.method !== 'POST' || !String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return reply(200, { errcode: 40035, errmsg: 'invalid request' });
      }
      if (url.pathname === '/cgi-bin/webhook/send') {
        const token = url.searchParams.get('key') ?? '';
        const refuse = (answer: Record<string, unknown>) => {
          refused.push({ robot: 'wecom', token, answer });
          reply(200, answer);
        };
        if (!robots.has(`wecom:${token}`)) return refuse({ errcode: 93000, errmsg: 'invalid webhook url' });
        const text = contentOf(body, ['text', 'markdown'], 'content');
        if (text === undefined) return refuse({ errcode: 40008, errmsg: 'invalid message type' });
        received.push({ robot: 'wecom', token, body, text });
        return reply(200, { errcode: 0, errmsg: 'ok' });
      }
      if (url.pathname === '/robot/send') {
        const token = url.searchParams.get('access_token') ?? '';
        const refuse = (answer: Record<string, unknown>) => {
          refused.push({ robot: 'dingtalk', token, answer });
          reply(200, answer);
        };
        const robot = robots.get(`dingtalk:${token}`);
        if (!robot) return refuse({ errcode: 300001, errmsg: 'token is not exist' });
        if (robot.secret) {
          const timestamp = url.searchParams.get('timestamp') ?? '';
          // URLSearchParams has already undone the URL encoding of the signature.
          const sign = url.searchParams.get('sign') ?? '';
          const expected = crypto
            .createHmac('sha256', Buffer.from(robot.secret, 'utf8'))
            .update(Buffer.from(`${timestamp}\n${robot.secret}`, 'utf8'))
            .digest('base64');
          if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > HOUR_MS || sign !== expected) {
            return refuse({ errcode: 310000, errmsg: 'sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]' });
          }
        }
        const text = body.msgtype === 'markdown' ? (body.markdown as { text?: string } | undefined)?.text : contentOf(body, ['text'], 'content');
        if (typeof text !== 'string' || (body.msgtype === 'markdown' && !(body.markdown as { title?: string }).title)) {
          return refuse({ errcode: 40035, errmsg: '缺少参数 json' });
        }
        received.push({ robot: 'dingtalk', token, body, text });
        return reply(200, { errcode: 0, errmsg: 'ok' });
      }
      const hook = /^\/open-apis\/bot\/v2\/hook\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
      if (hook) {
        const token = hook[1];
        const refuse = (answer: Record<string, unknown>) => {
          refused.push({ robot: 'feishu', token, answer });
          reply(200, answer);
        };
        const robot = robots.get(`feishu:${token}`);
        if (!robot) return refuse({ code: 19001, msg: 'param invalid: incoming webhook access token invalid', data: {} });
        if (robot.secret) {
          const timestamp = String(body.timestamp ?? '');
          const expected = crypto
            .createHmac('sha256', Buffer.from(`${timestamp}\n${robot.secret}`, 'utf8'))
            .update(Buffer.alloc(0))
            .digest('base64');
          if (!/^\d{10}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > HOUR_MS / 1000 || body.sign !== expected) {
            return refuse({ code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time', data: {} });
          }
        }
        const text = body.msg_type === 'text' ? (body.content as { text?: string } | undefined)?.text : undefined;
        if (typeof text !== 'string') return refuse({ code: 9499, msg: 'Bad Request', data: {} });
        received.push({ robot: 'feishu', token, body, text });
        return reply(200, { code: 0, msg: 'success', data: {} });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    refused,
    addRobot: (robot, token, secret) => void robots.set(`${robot}:${token}`, { secret }),
    failNext: (count, status = 500) => void (failing = { count, status }),
    webhookOf: (robot, token) =>
      robot === 'wecom'
        ? `${url}/cgi-bin/webhook/send?key=${token}`
        : robot === 'dingtalk'
          ? `${url}/robot/send?access_token=${token}`
          : `${url}/open-apis/bot/v2/hook/${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function contentOf(body: Record<string, unknown>, types: string[], field: string): string | undefined {
  const type = body.msgtype;
  if (typeof type !== 'string' || !types.includes(type)) return undefined;
  const value = (body[type] as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value ? value : undefined;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  user?: string;
  subject: string;
  text: string;
}

export interface FakeSmtp {
  host: string;
  port: number;
  user: string;
  password: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** An SMTP server (smtp-server, no TLS) that requires a login and keeps every message with its subject and text decoded. */
export async function startFakeSmtp(user = 'robot@example.com', password = 'smtp-pass-1'): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
      const error = new Error('Invalid username or password') as Error & { responseCode: number };
      error.responseCode = 535;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          ...decodeMail(raw),
        });
        callback(null, 'Message queued as fake-1');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Subject (RFC 2047 words) and text body (quoted-printable or base64) of a single-part message. */
function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const subject = header('Subject').replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_w, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
  );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body.replace(/=\r\n/g, ''))
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

function qp(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
