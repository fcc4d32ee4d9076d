import { defineMessages } from '../../common/i18n/i18n';

/** Messages shared by the CMS modules. */
export const CMS_COMMON_MESSAGES = defineMessages({
  'zh-CN': {
    'cms.site.noCurrentSite': '请先创建站点，或选择一个有权限的站点',
  },
  'zh-TW': {
    'cms.site.noCurrentSite': '請先建立網站，或選擇一個有權限的網站',
  },
  en: {
    'cms.site.noCurrentSite': 'Create a site first, or choose a site you may access',
  },
});
