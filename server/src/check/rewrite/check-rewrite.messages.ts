import { defineMessages } from '../../common/i18n/i18n';

/** Messages of the full-text rewrites (/qwjc, /qwjaigc). */
export const CHECK_REWRITE_MESSAGES = defineMessages({
  'zh-CN': {
    'check.rewrite.incomplete': '有 {failed} 段（共 {total} 段）改写失败，可点击“继续改写”接着处理，不会重复收费',
    'check.rewrite.noProvider': '改写服务暂不可用（未配置 AI 模型），请稍后点击“继续改写”，不会重复收费',
    'check.rewrite.failed': '改写中断，请点击“继续改写”接着处理，不会重复收费',
    'check.rewrite.missing': '改写稿尚未生成',
  },
  'zh-TW': {
    'check.rewrite.incomplete': '有 {failed} 段（共 {total} 段）改寫失敗，可點擊「繼續改寫」接著處理，不會重複收費',
    'check.rewrite.noProvider': '改寫服務暫不可用（未設定 AI 模型），請稍後點擊「繼續改寫」，不會重複收費',
    'check.rewrite.failed': '改寫中斷，請點擊「繼續改寫」接著處理，不會重複收費',
    'check.rewrite.missing': '改寫稿尚未產生',
  },
  en: {
    'check.rewrite.incomplete': '{failed} of {total} paragraphs could not be rewritten; choose "Continue" to go on (no second charge)',
    'check.rewrite.noProvider': 'Rewriting is unavailable (no AI model configured); choose "Continue" later (no second charge)',
    'check.rewrite.failed': 'The rewrite stopped; choose "Continue" to go on (no second charge)',
    'check.rewrite.missing': 'The rewritten paper is not ready yet',
  },
});
