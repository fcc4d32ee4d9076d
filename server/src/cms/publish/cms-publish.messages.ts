import { defineMessages } from '../../common/i18n/i18n';

/** Messages of static publishing and preview (`/cms/publish...`, `/cms/preview`). */
export const CMS_PUBLISH_MESSAGES = defineMessages({
  'zh-CN': {
    'cms.publish.siteNotFound': '站点不存在',
    'cms.publish.catalogNotFound': '栏目不存在',
    'cms.publish.contentNotFound': '内容不存在',
    'cms.publish.pipeNotFound': '发布通道“{pipe}”不存在',
    'cms.publish.badCatalogPath': '栏目路径格式不正确',
    'cms.publish.linkNoPage': '链接类型的栏目或内容没有页面',
    'cms.publish.previewFailed': '预览失败：{reason}',
    'cms.publish.stoppedByStaff': '已被管理员停止，未写完的页面可重新发布',
  },
  'zh-TW': {
    'cms.publish.siteNotFound': '網站不存在',
    'cms.publish.catalogNotFound': '欄目不存在',
    'cms.publish.contentNotFound': '內容不存在',
    'cms.publish.pipeNotFound': '發佈通道「{pipe}」不存在',
    'cms.publish.badCatalogPath': '欄目路徑格式不正確',
    'cms.publish.linkNoPage': '連結類型的欄目或內容沒有頁面',
    'cms.publish.previewFailed': '預覽失敗：{reason}',
    'cms.publish.stoppedByStaff': '已被管理員停止，未寫完的頁面可重新發佈',
  },
  en: {
    'cms.publish.siteNotFound': 'The site does not exist',
    'cms.publish.catalogNotFound': 'The catalog does not exist',
    'cms.publish.contentNotFound': 'The content does not exist',
    'cms.publish.pipeNotFound': 'The publish pipe "{pipe}" does not exist',
    'cms.publish.badCatalogPath': 'The catalog path is not well formed',
    'cms.publish.linkNoPage': 'A link catalog or link content has no page',
    'cms.publish.previewFailed': 'Preview failed: {reason}',
    'cms.publish.stoppedByStaff': 'Stopped by staff; publish again to write the remaining pages',
  },
});
