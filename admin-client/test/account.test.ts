import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from '../src/auth/redirect';
import { passwordChangeErrors } from '../src/components/PasswordChange';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { avatarFileProblem } from '../src/pages/account/avatar';
import { layoutPreferences, mergePreferences } from '../src/pages/account/preferences';
import { PHONE_PATTERN, profileForm } from '../src/pages/account/profile';

const MB = 1024 * 1024;

describe('login redirect', () => {
  it('follows a path of this app with its query, and nothing that could leave it', () => {
    expect(safeRedirect('/system/post?some=query')).toBe('/system/post?some=query');
    for (const bad of [null, '', 'system/post', '//evil.example/x', 'https://evil.example', '/\\evil.example', '/login', '/login?redirect=/x']) {
      expect(safeRedirect(bad), String(bad)).toBeUndefined();
    }
  });

  it('the dialog’s log out comes back to the kept page', () => {
    const path = loginPathFor('/system/post?some=query&b=1');
    expect(path).toBe('/login?redirect=%2Fsystem%2Fpost%3Fsome%3Dquery%26b%3D1');
    expect(safeRedirect(new URLSearchParams(path.split('?')[1]).get('redirect'))).toBe('/system/post?some=query&b=1');
  });
});

describe('avatar file check (spec 5 and 8)', () => {
  it('takes jpg and png up to 2 MB', () => {
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: 2 * MB })).toBeUndefined();
    expect(avatarFileProblem({ name: 'ME.JPG', type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(avatarFileProblem({ name: 'me.jpeg', type: '', size: 1000 })).toBeUndefined();
  });

  it('refuses other formats and larger files with the spec messages', () => {
    const format = { message: 'app.account.avatar.format', args: { types: 'jpg/png' } };
    expect(avatarFileProblem({ name: 'me.gif', type: 'image/gif', size: 10 })).toEqual(format);
    expect(avatarFileProblem({ name: 'me.png', type: 'image/svg+xml', size: 10 })).toEqual(format);
    expect(avatarFileProblem({ name: 'png', type: 'image/png', size: 10 })).toEqual(format);
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: 2 * MB + 1 })).toEqual({
      message: 'app.account.avatar.size',
      args: { size: 2 },
    });
    expect(createI18nProvider('zh-CN').translate('app.account.avatar.size', { size: 2 })).toBe('上传头像图片大小不能超过 2 MB');
  });
});

describe('password change checks (spec 5)', () => {
  it('old, new and confirm cannot be empty; confirm must equal new', () => {
    expect(passwordChangeErrors({ oldPassword: '', newPassword: '', confirm: '' })).toEqual({
      oldPassword: 'app.account.password.old_required',
      newPassword: 'app.account.password.new_required',
      confirm: 'app.account.password.confirm_required',
    });
    expect(passwordChangeErrors({ oldPassword: 'a', newPassword: 'Abc12345', confirm: 'Abc1234' })).toEqual({
      confirm: 'app.account.password.mismatch',
    });
    expect(passwordChangeErrors({ oldPassword: 'a', newPassword: 'Abc12345', confirm: 'Abc12345' })).toEqual({});
  });
});

describe('basic info', () => {
  it('sends only the editable fields, trimmed, and no empty sex', () => {
    expect(profileForm({ nickName: ' 小王 ', phonenumber: '13800138000', email: '', sex: '', userName: 'x' } as never)).toEqual({
      nickName: '小王',
      phonenumber: '13800138000',
      email: '',
    });
    expect(profileForm({ nickName: 'a', sex: '1' })).toMatchObject({ sex: '1' });
  });

  it('accepts the mobile numbers the server accepts', () => {
    expect(PHONE_PATTERN.test('13800138000')).toBe(true);
    expect(PHONE_PATTERN.test('12800138000')).toBe(false);
    expect(PHONE_PATTERN.test('1380013800')).toBe(false);
  });
});

describe('preferences', () => {
  it('reads the layout settings from what the server keeps, defaults for the rest, and keeps other keys on save', () => {
    const stored = { pageSize: 50, sideTheme: 'theme-light', topNav: 'yes' };
    const settings = layoutPreferences(stored);
    expect(settings).toMatchObject({ sideTheme: 'theme-light', topNav: false, tagsView: true, themeColor: '#409EFF' });
    expect(mergePreferences(stored, { ...settings, fixedHeader: true })).toMatchObject({
      pageSize: 50,
      sideTheme: 'theme-light',
      fixedHeader: true,
      topNav: false,
    });
  });
});
