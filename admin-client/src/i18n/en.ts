import type { TranslationMessages } from 'ra-core';
import englishMessages from 'ra-language-english';
import type { AppMessages } from './zh-CN';

/** English app keys; typed as zh-CN's shape so a missing or extra key fails to compile. */
const app: AppMessages['app'] = {
  title: 'Zhiwen Admin',
  language: 'Language',
  login: {
    username: 'Account',
    password: 'Password',
    code: 'Captcha',
    captcha_refresh: 'Hard to read? Click the image for a new one',
    submit: 'Sign in',
    submitting: 'Signing in...',
    username_required: 'Please enter your account',
    password_required: 'Please enter your password',
    code_required: 'Please enter the captcha',
  },
  dashboard: {
    title: 'Home',
    welcome: 'Welcome back, %{name}',
    welcome_anonymous: 'Welcome to Zhiwen Admin',
    intro: 'System administration and site content management are on their way; menus follow your permissions.',
  },
  profile: {
    title: 'Account Center',
    user_name: 'User name',
    roles: 'Roles',
    permissions: 'Permissions',
    unavailable: 'User information is not available right now',
  },
  screen: {
    building: 'This screen is being built',
  },
  post: {
    postCode: 'Post code',
    postName: 'Post name',
    postSort: 'Order',
    status: 'Status',
    remark: 'Remark',
    createTime: 'Created',
    status_0: 'Normal',
    status_1: 'Disabled',
  },
  http: {
    repeat_submit: 'Data is being processed, please do not submit again',
    network_error: 'Cannot connect to the server',
    timeout: 'The server did not answer in time',
    status_error: 'Server error %{status}',
    download_failed: 'Download failed, contact the administrator',
    unauthorized: 'Your session is invalid or has expired, please sign in again.',
    forbidden: 'No permission, please ask an administrator',
    not_found: 'The requested resource does not exist',
    server_error: 'Operation failed',
    warning: 'Please check this operation',
    unknown: 'Unknown error',
  },
};

/** react-admin's own English pack plus our keys. */
const en: TranslationMessages = { ...englishMessages, app };

export default en;
