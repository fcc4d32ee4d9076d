import { describe, expect, it } from 'vitest';
import { validateLogin, validateRegister } from '../src/auth/validation';

const ok = { username: 'reader_01', password: 'secret1', confirmPassword: 'secret1', code: '7' };

describe('form rules of spec 5', () => {
  it('asks for user name, password and captcha to sign in (the captcha only while on)', () => {
    expect(validateLogin({ username: ' ', password: '', code: '' }, true)).toEqual({
      username: '请输入您的账号',
      password: '请输入您的密码',
      code: '请输入验证码',
    });
    expect(validateLogin({ username: 'a', password: 'b', code: '' }, false)).toEqual({});
  });

  it('accepts a good registration', () => {
    expect(validateRegister(ok, true)).toEqual({});
  });

  it('checks the member user name: 3-20 characters, a letter first, letters digits underscore', () => {
    expect(validateRegister({ ...ok, username: 'ab' }, true).username).toBe('用户账号长度必须介于 3 和 20 之间');
    expect(validateRegister({ ...ok, username: 'a'.repeat(21) }, true).username).toBe('用户账号长度必须介于 3 和 20 之间');
    expect(validateRegister({ ...ok, username: '9abc' }, true).username).toBe('账号必须以字母开头，只能包含字母、数字和下划线');
    expect(validateRegister({ ...ok, username: 'ab-c' }, true).username).toBe('账号必须以字母开头，只能包含字母、数字和下划线');
  });

  it('wants a password of 6 or more and the same confirmation', () => {
    expect(validateRegister({ ...ok, password: '12345', confirmPassword: '12345' }, true).password).toBe('用户密码长度必须介于 6 和 64 之间');
    expect(validateRegister({ ...ok, confirmPassword: 'secret2' }, true).confirmPassword).toBe('两次输入的密码不一致');
    expect(validateRegister({ ...ok, confirmPassword: '' }, true).confirmPassword).toBe('请再次输入您的密码');
    expect(validateRegister({ ...ok, code: '' }, true).code).toBe('请输入验证码');
    expect(validateRegister({ ...ok, code: '' }, false).code).toBeUndefined();
  });
});
