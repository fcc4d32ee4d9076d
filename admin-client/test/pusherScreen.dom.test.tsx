// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../src/providers/dataProvider';
import { PusherScreen } from '../src/screens/cms/pusher/PusherScreen';
import { channelBody, emptyForm } from '../src/screens/cms/pusher/pusher';
import { bodyText, button, render, type, useAdminHarness, waitFor } from './support/adminHarness';
import { seen, serve, usePaymentServer } from './support/paymentServer';

useAdminHarness();
// A generic loopback API (routes set per test), as the payment screens use it.
usePaymentServer();

const DING = {
  channelId: '7',
  name: '运维群',
  channelType: 'dingtalk',
  enabled: true,
  events: ['check.failed'],
  webhookHost: 'oapi.dingtalk.com',
  smtpHost: '',
  smtpPort: null,
  smtpSecure: false,
  smtpUser: '',
  mailFrom: '',
  mailTo: [],
  secretsSet: { webhookUrl: true, signSecret: true, smtpPassword: false },
  remark: '',
  updateTime: '2026-11-25T10:00:00Z',
};
const EDITOR = ['cms:pusher:view', 'cms:pusher:edit', 'cms:pusher:test'];
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`);

/** Opens a MUI select (by its hidden input's name) and picks the option whose text starts with `text`. */
async function choose(name: string, text: string) {
  const trigger = field(name)!.parentElement!.querySelector<HTMLElement>('[role="combobox"]')!;
  trigger.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  const option = await waitFor(() => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent?.startsWith(text)));
  option.click();
  await waitFor(() => !document.querySelector('[role="listbox"]'));
}

describe('message pusher screen (消息推送配置)', () => {
  it('edits a robot: secrets start empty saying they are set, an empty box keeps them, events are checkboxes', async () => {
    let saved = DING;
    serve(({ method, path, body }) => {
      if (method === 'GET' && path === '/cms/pusher/channel/list') return { data: { rows: [saved], total: 1 } };
      if (method === 'PUT' && path === '/cms/pusher/channel/7') {
        saved = { ...saved, ...(body as object) };
        return { data: saved };
      }
      return undefined;
    });
    render(<PusherScreen />, dataProvider, EDITOR);
    await waitFor(() => bodyText().includes('运维群'));
    expect(bodyText()).toContain('钉钉机器人');
    expect(bodyText()).toContain('oapi.dingtalk.com');
    expect(bodyText()).toContain('检测失败');
    (await waitFor(() => button('修改'))).click();
    const webhook = await waitFor(() => field('webhookUrl'));
    expect(webhook.value).toBe('');
    expect(webhook.type).toBe('password');
    expect(webhook.getAttribute('placeholder')).toBe('已设置，留空不改');
    expect(field('signSecret')!.value).toBe('');
    expect(bodyText()).toContain('已设置，留空不改');
    field('event_order.paid')!.click();
    await waitFor(() => field('event_order.paid')!.checked);
    button('保存')!.click();
    await waitFor(() => seen('PUT', '/cms/pusher/channel/7').length === 1);
    expect(JSON.parse(seen('PUT', '/cms/pusher/channel/7')[0].body)).toEqual({
      name: '运维群',
      channelType: 'dingtalk',
      enabled: true,
      events: ['check.failed', 'order.paid'],
      remark: '',
    });
  });

  it('shows what 测试发送 answered, refuses a robot without its webhook, and adds an email channel with its SMTP fields', async () => {
    let test: { data: unknown } | { error: string } = { error: '测试发送失败：对方拒绝：535 Invalid username or password' };
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/cms/pusher/channel/list') return { data: { rows: [DING], total: 1 } };
      if (method === 'POST' && path === '/cms/pusher/channel') return { data: { ...DING, channelId: '8' } };
      if (method === 'POST' && path === '/cms/pusher/channel/7/test') return test;
      return undefined;
    });
    render(<PusherScreen />, dataProvider, EDITOR);
    (await waitFor(() => button('测试发送'))).click();
    await waitFor(() => bodyText().includes('测试发送失败：对方拒绝：535'));
    test = { data: { deliveryId: '1', response: '{"errcode":0}' } };
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the client refuses the same POST repeated at once
    button('测试发送')!.click();
    await waitFor(() => bodyText().includes('已向“运维群”发送测试消息'));

    button('新增通道')!.click();
    await waitFor(() => field('name'));
    type(field('name')!, '邮件通知');
    button('保存')!.click();
    await waitFor(() => bodyText().includes('请填写 Webhook 地址'));
    expect(seen('POST', '/cms/pusher/channel')).toHaveLength(0);

    // As email: the robot fields give way to SMTP ones, sent with the recipients split.
    await choose('channelType', '邮件');
    await waitFor(() => field('smtpHost'));
    expect(field('webhookUrl')).toBeNull();
    type(field('smtpHost')!, 'smtp.example.com');
    type(field('smtpUser')!, 'robot@example.com');
    type(field('smtpPassword')!, 'app-pass');
    type(field('mailFrom')!, '知文 <robot@example.com>');
    type(field('mailTo')!, 'ops@example.com, boss@example.com');
    field('event_check.failed')!.click();
    await waitFor(() => field('event_check.failed')!.checked);
    button('保存')!.click();
    await waitFor(() => seen('POST', '/cms/pusher/channel').length === 1);
    expect(JSON.parse(seen('POST', '/cms/pusher/channel')[0].body)).toEqual({
      name: '邮件通知',
      channelType: 'email',
      enabled: true,
      events: ['check.failed'],
      remark: '',
      smtpHost: 'smtp.example.com',
      smtpPort: 465,
      smtpSecure: true,
      smtpUser: 'robot@example.com',
      smtpPassword: 'app-pass',
      mailFrom: '知文 <robot@example.com>',
      mailTo: ['ops@example.com', 'boss@example.com'],
    });
  });

  it('hides the edit and test buttons without those permissions', async () => {
    serve(({ method, path }) => (method === 'GET' && path === '/cms/pusher/channel/list' ? { data: { rows: [DING], total: 1 } } : undefined));
    render(<PusherScreen />, dataProvider, ['cms:pusher:view']);
    await waitFor(() => bodyText().includes('运维群'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(button('修改')).toBeUndefined();
    expect(button('测试发送')).toBeUndefined();
    expect(button('新增通道')).toBeUndefined();
  });

  it('builds the email body: addresses split, port a number, a blank password left out', () => {
    const body = channelBody({
      ...emptyForm(),
      name: ' 邮件 ',
      channelType: 'email',
      smtpHost: 'smtp.example.com',
      smtpPort: '465',
      mailFrom: 'a@example.com',
      mailTo: 'ops@example.com， boss@example.com;x@example.com',
      events: ['order.paid', 'check.failed'],
    });
    expect(body).toEqual({
      name: '邮件',
      channelType: 'email',
      enabled: true,
      events: ['check.failed', 'order.paid'],
      remark: '',
      smtpHost: 'smtp.example.com',
      smtpPort: 465,
      smtpSecure: true,
      smtpUser: '',
      mailFrom: 'a@example.com',
      mailTo: ['ops@example.com', 'boss@example.com', 'x@example.com'],
    });
  });
});
