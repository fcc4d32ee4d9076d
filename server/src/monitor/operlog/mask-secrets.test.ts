import { describe, expect, it } from 'vitest';
import { LOG_TEXT_MAX, maskedJson, maskSecrets } from './mask-secrets';

describe('maskSecrets', () => {
  it('masks every secret-looking key at any depth, in objects and arrays, and leaves the rest', () => {
    const masked = maskSecrets({
      userName: 'zhangsan',
      password: 'p1',
      oldPassword: 'p2',
      newPwd: 'p3',
      profile: { apiKey: 'k', clientSecret: 's', nested: [{ accessToken: 't', note: 'keep' }] },
      headers: { Authorization: 'Bearer x', credentials: { user: 'u' } },
      passphrase: 'p4',
      list: [1, 'two', null],
    });
    expect(masked).toEqual({
      userName: 'zhangsan',
      password: '******',
      oldPassword: '******',
      newPwd: '******',
      profile: { apiKey: '******', clientSecret: '******', nested: [{ accessToken: '******', note: 'keep' }] },
      headers: { Authorization: '******', credentials: '******' },
      passphrase: '******',
      list: [1, 'two', null],
    });
  });

  it('copes with dates, buffers, bigints, cycles and shared objects', () => {
    const shared = { a: 1 };
    const cyclic: Record<string, unknown> = { name: 'x', left: shared, right: shared };
    cyclic.self = cyclic;
    expect(maskSecrets(cyclic)).toEqual({ name: 'x', left: { a: 1 }, right: { a: 1 }, self: '[Circular]' });
    expect(maskSecrets({ at: new Date('2025-01-02T03:04:05Z'), file: Buffer.from('abc'), n: 12n })).toEqual({
      at: '2025-01-02T03:04:05.000Z',
      file: '[binary 3 bytes]',
      n: '12',
    });
  });

  it('cuts the JSON to the column size', () => {
    const json = maskedJson({ text: 'x'.repeat(5000), token: 'y'.repeat(10) });
    expect(json).toHaveLength(LOG_TEXT_MAX);
    expect(json.startsWith('{"text":"xxx')).toBe(true);
    expect(maskedJson(undefined)).toBe('');
  });
});
