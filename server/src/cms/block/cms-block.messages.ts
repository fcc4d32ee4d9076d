import { defineMessages } from '../../common/i18n/i18n';

/** Messages of manual blocks (`/cms/block`). */
export const CMS_BLOCK_MESSAGES = defineMessages({
  'zh-CN': {
    'cms.block.typeName': '手动区块',
    'cms.block.exportFile': '手动区块',
    'cms.block.rowsInvalid': '区块内容格式不正确：须为若干行，每行若干条目',
    'cms.block.tooManyRows': '区块最多 {max} 行',
    'cms.block.tooManyItems': '第 {row} 行最多 {max} 个条目',
    'cms.block.titleRequired': '第 {row} 行第 {item} 个条目的标题不能为空',
    'cms.block.itemField': '第 {row} 行第 {item} 个条目的 {field} 须为文本',
    'cms.block.fieldTooLong': '第 {row} 行第 {item} 个条目的 {field} 不能超过 {max} 个字符',
    'cms.block.badUrl': '第 {row} 行第 {item} 个条目的 {field} 不是允许的链接（只能是 http(s) 地址、站内路径或素材库路径）',
  },
  'zh-TW': {
    'cms.block.typeName': '手動區塊',
    'cms.block.exportFile': '手動區塊',
    'cms.block.rowsInvalid': '區塊內容格式不正確：須為若干列，每列若干條目',
    'cms.block.tooManyRows': '區塊最多 {max} 列',
    'cms.block.tooManyItems': '第 {row} 列最多 {max} 個條目',
    'cms.block.titleRequired': '第 {row} 列第 {item} 個條目的標題不能為空',
    'cms.block.itemField': '第 {row} 列第 {item} 個條目的 {field} 須為文字',
    'cms.block.fieldTooLong': '第 {row} 列第 {item} 個條目的 {field} 不能超過 {max} 個字元',
    'cms.block.badUrl': '第 {row} 列第 {item} 個條目的 {field} 不是允許的連結（只能是 http(s) 位址、站內路徑或素材庫路徑）',
  },
  en: {
    'cms.block.typeName': 'Manual block',
    'cms.block.exportFile': 'Manual blocks',
    'cms.block.rowsInvalid': 'The block content is malformed: it must be rows, each with items',
    'cms.block.tooManyRows': 'A block has at most {max} rows',
    'cms.block.tooManyItems': 'Row {row} has at most {max} items',
    'cms.block.titleRequired': 'The title of item {item} in row {row} is required',
    'cms.block.itemField': 'The {field} of item {item} in row {row} must be text',
    'cms.block.fieldTooLong': 'The {field} of item {item} in row {row} may not exceed {max} characters',
    'cms.block.badUrl': 'The {field} of item {item} in row {row} is not an allowed link (an http(s) URL, a site path or a library path)',
  },
});
