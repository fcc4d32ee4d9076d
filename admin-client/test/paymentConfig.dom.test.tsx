// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../src/providers/dataProvider';
import { PaymentConfigScreen } from '../src/screens/check/payment/PaymentConfigScreen';
import { configBody } from '../src/screens/check/payment/payment';
import { bodyText, button, container, render, type, useAdminHarness, waitFor } from './support/adminHarness';
import { seen, serve } from './support/paymentServer';
import { usePaymentServer } from './support/paymentServer';

useAdminHarness();
usePaymentServer();

const WECHAT = {
  channel: 'wechat',
  enabled: true,
  methods: ['native', 'jsapi'],
  notifyBaseUrl: 'https://pay.example.com/prod-api',
  props: {
    mchId: '1900000109',
    appId: 'wx8888',
    serialNo: '5157F09EFDC096DE15EBE81A47057A72',
    platformPublicKeyId: 'PUB_KEY_ID_01',
    platformPublicKey: '',
  },
  secretsSet: { privateKey: true, apiV3Key: false },
  updateBy: 'admin',
  updateTime: '2026-11-20T02:00:00Z',
};
const ALIPAY = {
  channel: 'alipay',
  enabled: false,
  methods: [],
  notifyBaseUrl: '',
  props: { appId: '', sellerId: '', alipayPublicKey: '' },
  secretsSet: { privateKey: false },
  updateBy: '',
  updateTime: null,
};

const field = (name: string) => container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
const EDITOR = ['payment:config:query', 'payment:config:edit'];

describe('payment config screen', () => {
  it('never shows a secret, says which are set, and saves the form with only the secrets typed in', async () => {
    let saved = WECHAT;
    serve(({ method, path, body }) => {
      if (method === 'GET' && path === '/payment/config') return { data: [saved, ALIPAY] };
      if (method === 'PUT' && path === '/payment/config/wechat') {
        const b = body as typeof WECHAT & { secrets: Record<string, string> };
        saved = { ...saved, ...b, secretsSet: { privateKey: true, apiV3Key: saved.secretsSet.apiV3Key || !!b.secrets.apiV3Key } };
        return { data: saved };
      }
      return undefined;
    });
    render(<PaymentConfigScreen />, dataProvider, EDITOR);
    await waitFor(() => field('mchId')?.value === '1900000109');
    await waitFor(() => button('保存')); // the permissions have arrived

    // Secrets start empty (the server sends none), as a password box or an empty PEM box, with what is stored.
    const privateKey = field('secret_privateKey')!;
    const apiV3Key = field('secret_apiV3Key') as HTMLInputElement;
    expect(privateKey.tagName).toBe('TEXTAREA');
    expect(privateKey.value).toBe('');
    expect(apiV3Key.type).toBe('password');
    expect(apiV3Key.value).toBe('');
    expect(privateKey.getAttribute('placeholder')).toBe('已设置（留空则不修改）');
    expect(bodyText()).toContain('已设置（留空则不修改）');
    expect(bodyText()).toContain('未设置');
    expect(field('platformPublicKey')!.tagName).toBe('TEXTAREA');
    expect((field('method_native') as HTMLInputElement).checked).toBe(true);
    expect((field('method_h5') as HTMLInputElement).checked).toBe(false);
    expect(bodyText()).toContain('扫码支付');
    expect(bodyText()).toContain('微信内支付');

    type(field('mchId')!, ' 1900000110 ');
    type(apiV3Key, 'abcdefghijklmnopqrstuvwxyz012345');
    (field('method_h5') as HTMLInputElement).click();
    await waitFor(() => (field('method_h5') as HTMLInputElement).checked);
    button('保存')!.click();
    await waitFor(() => seen('PUT', '/payment/config/wechat').length === 1);
    expect(JSON.parse(seen('PUT', '/payment/config/wechat')[0].body)).toEqual({
      enabled: true,
      methods: ['native', 'h5', 'jsapi'],
      notifyBaseUrl: 'https://pay.example.com/prod-api',
      props: {
        mchId: '1900000110',
        appId: 'wx8888',
        serialNo: '5157F09EFDC096DE15EBE81A47057A72',
        platformPublicKeyId: 'PUB_KEY_ID_01',
        platformPublicKey: '',
      },
      secrets: { apiV3Key: 'abcdefghijklmnopqrstuvwxyz012345' },
    });

    // Read again: the typed key is gone from the box, now only reported as set.
    await waitFor(() => seen('GET', '/payment/config').length === 2);
    await waitFor(() => field('secret_apiV3Key')!.value === '');
    expect(bodyText()).not.toContain('abcdefghijklmnopqrstuvwxyz012345');
    expect(bodyText()).not.toContain('未设置');
  });

  it('refuses to enable a channel without its notification address and methods', async () => {
    serve(({ method, path }) => (method === 'GET' && path === '/payment/config' ? { data: [WECHAT, ALIPAY] } : undefined));
    render(<PaymentConfigScreen />, dataProvider, EDITOR);
    await waitFor(() => button('保存'));
    [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === '支付宝')!.click();
    await waitFor(() => field('sellerId'));
    expect(bodyText()).toContain('当面付扫码');
    expect(field('secret_privateKey')!.value).toBe('');
    (field('enabled') as HTMLInputElement).click();
    await waitFor(() => bodyText().includes('启用前请填写通知地址前缀'));
    expect(button('保存')!.disabled).toBe(true);
    type(field('notifyBaseUrl')!, 'https://pay.example.com/prod-api');
    await waitFor(() => bodyText().includes('启用前请至少选择一种支付方式'));
    (field('method_page') as HTMLInputElement).click();
    await waitFor(() => !button('保存')!.disabled);
  });

  it('测试连接 shows the success or the server’s reason', async () => {
    let answer: { data: unknown } | { error: string } = { error: '商户证书序列号与私钥不匹配' };
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/payment/config') return { data: [WECHAT, ALIPAY] };
      if (method === 'POST' && path === '/payment/config/wechat/test') return answer;
      return undefined;
    });
    render(<PaymentConfigScreen />, dataProvider, EDITOR);
    (await waitFor(() => button('测试连接'))).click();
    await waitFor(() => bodyText().includes('连接失败：商户证书序列号与私钥不匹配'));
    answer = { data: { ok: true } };
    // The client refuses the same POST repeated at once; wait out its window.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    button('测试连接')!.click();
    await waitFor(() => bodyText().includes('连接成功，密钥可用'));
    expect(bodyText()).not.toContain('连接失败');
  });

  it('shows the form read-only without the edit permission', async () => {
    serve(({ method, path }) => (method === 'GET' && path === '/payment/config' ? { data: [WECHAT, ALIPAY] } : undefined));
    render(<PaymentConfigScreen />, dataProvider, ['payment:config:query']);
    await waitFor(() => field('mchId'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((field('mchId') as HTMLInputElement).disabled).toBe(true);
    expect(button('保存')).toBeUndefined();
    expect(button('测试连接')).toBeUndefined();
  });
});

describe('configBody', () => {
  it('keeps the channel’s own fields, trims them and leaves blank secrets out', () => {
    const body = configBody(
      'alipay',
      {
        enabled: true,
        methods: ['wap', 'native', 'precreate'],
        notifyBaseUrl: ' https://a.example/prod-api ',
        props: { appId: ' 2021 ', mchId: 'x' },
      },
      { privateKey: '  ', apiV3Key: 'ignored' },
    );
    expect(body).toEqual({
      enabled: true,
      methods: ['precreate', 'wap'],
      notifyBaseUrl: 'https://a.example/prod-api',
      props: { appId: '2021', sellerId: '', alipayPublicKey: '' },
      secrets: {},
    });
  });
});
