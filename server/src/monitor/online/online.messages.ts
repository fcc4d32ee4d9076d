import { defineMessages } from '../../common/i18n/i18n';

/** Messages of the online users screen and its export. */
export const ONLINE_MESSAGES = defineMessages({
  'zh-CN': {
    'online.title': '在线用户',
    'online.column.userName': '登录名称',
    'online.column.deptName': '所属部门',
    'online.column.ipaddr': '主机',
    'online.column.browser': '浏览器',
    'online.column.os': '操作系统',
    'online.column.loginTime': '登录时间',
    'online.column.lastAccessTime': '最后访问时间',
  },
  'zh-TW': {
    'online.title': '線上使用者',
    'online.column.userName': '登入名稱',
    'online.column.deptName': '所屬部門',
    'online.column.ipaddr': '主機',
    'online.column.browser': '瀏覽器',
    'online.column.os': '作業系統',
    'online.column.loginTime': '登入時間',
    'online.column.lastAccessTime': '最後存取時間',
  },
  en: {
    'online.title': 'Online users',
    'online.column.userName': 'Account',
    'online.column.deptName': 'Department',
    'online.column.ipaddr': 'Host',
    'online.column.browser': 'Browser',
    'online.column.os': 'Operating system',
    'online.column.loginTime': 'Signed in',
    'online.column.lastAccessTime': 'Last access',
  },
});
