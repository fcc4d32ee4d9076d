import { defineMessages } from '../../common/i18n/i18n';

/** Messages and field labels of notices (`/system/notice`). */
export const NOTICE_MESSAGES = defineMessages({
  'zh-CN': {
    'notice.exportFile': '通知公告',
    'notice.notFound': '公告不存在',
    'field.noticeId': '公告编号',
    'field.noticeTitle': '公告标题',
    'field.noticeType': '公告类型',
    'field.noticeContent': '公告内容',
    'field.createBy': '创建者',
    'field.remark': '备注',
    'field.createTime': '创建时间',
  },
  'zh-TW': {
    'notice.exportFile': '通知公告',
    'notice.notFound': '公告不存在',
    'field.noticeId': '公告編號',
    'field.noticeTitle': '公告標題',
    'field.noticeType': '公告類型',
    'field.noticeContent': '公告內容',
    'field.createBy': '建立者',
    'field.remark': '備註',
    'field.createTime': '建立時間',
  },
  en: {
    'notice.exportFile': 'Notices',
    'notice.notFound': 'No such notice',
    'field.noticeId': 'Notice ID',
    'field.noticeTitle': 'Title',
    'field.noticeType': 'Notice type',
    'field.noticeContent': 'Content',
    'field.createBy': 'Created by',
    'field.remark': 'Remark',
    'field.createTime': 'Created',
  },
});
