import { defineMessages } from '../../common/i18n/i18n';

/** Messages and field labels of translation entries (`/system/i18n/dict`). */
export const I18N_MESSAGES = defineMessages({
  'zh-CN': {
    'i18n.exportFile': '国际化词条',
    'i18n.notFound': '词条不存在',
    'i18n.exists': '语言“{tag}”下已存在键“{key}”',
    'i18n.batchItem': '第 {index} 条：{message}',
    'field.dictId': '编号',
    'field.batch': '词条列表',
    'field.langTag': '语言',
    'field.langKey': '键',
    'field.langValue': '译文',
    'field.createTime': '创建时间',
  },
  'zh-TW': {
    'i18n.exportFile': '國際化詞條',
    'i18n.notFound': '詞條不存在',
    'i18n.exists': '語言「{tag}」下已存在鍵「{key}」',
    'i18n.batchItem': '第 {index} 筆：{message}',
    'field.dictId': '編號',
    'field.batch': '詞條清單',
    'field.langTag': '語言',
    'field.langKey': '鍵',
    'field.langValue': '譯文',
    'field.createTime': '建立時間',
  },
  en: {
    'i18n.exportFile': 'Translations',
    'i18n.notFound': 'No such translation',
    'i18n.exists': 'The key "{key}" already exists for "{tag}"',
    'i18n.batchItem': 'Item {index}: {message}',
    'field.dictId': 'ID',
    'field.batch': 'Entry list',
    'field.langTag': 'Language',
    'field.langKey': 'Key',
    'field.langValue': 'Text',
    'field.createTime': 'Created',
  },
});
