import { defineMessages } from '../../common/i18n/i18n';

/** Messages of extension models (`/cms/exmodel`). */
export const EXMODEL_MESSAGES = defineMessages({
  'zh-CN': {
    'cms.exmodel.exportFile': '扩展模型',
    'cms.exmodel.dataExportFile': '扩展模型数据',
    'cms.exmodel.dataTypeInvalid': '数据类型只能是站点、栏目或内容',
    'cms.exmodel.dataIdInvalid': '数据编号不正确',
    'cms.exmodel.extendInvalid': '扩展字段的值须是以字段编码为键的对象',
    'cms.exmodel.modelInvalid': '扩展模型不存在或不属于该站点',
  },
  'zh-TW': {
    'cms.exmodel.exportFile': '擴充模型',
    'cms.exmodel.dataExportFile': '擴充模型資料',
    'cms.exmodel.dataTypeInvalid': '資料類型只能是站點、欄目或內容',
    'cms.exmodel.dataIdInvalid': '資料編號不正確',
    'cms.exmodel.extendInvalid': '擴充欄位的值須是以欄位編碼為鍵的物件',
    'cms.exmodel.modelInvalid': '擴充模型不存在或不屬於該站點',
  },
  en: {
    'cms.exmodel.exportFile': 'Extension models',
    'cms.exmodel.dataExportFile': 'Extension model data',
    'cms.exmodel.dataTypeInvalid': 'Data type must be site, catalog or content',
    'cms.exmodel.dataIdInvalid': 'Invalid data id',
    'cms.exmodel.extendInvalid': 'Extension values must be an object keyed by field code',
    'cms.exmodel.modelInvalid': 'The extension model does not exist or is not of this site',
  },
});
