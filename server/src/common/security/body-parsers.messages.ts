import { defineMessages } from '../i18n/i18n';

/** Messages about a request's body as sent: its size, depth and encoding. */
export const BODY_PARSER_MESSAGES = defineMessages({
  'zh-CN': {
    'input.bodyTooDeep': '请求体嵌套层级过深（最多 {depth} 层）',
    'input.bodyTooLarge': '请求内容过大（最多 {limit}）',
    'input.tooManyParameters': '请求参数过多（最多 {limit} 个）',
    'input.unsupportedCharset': '不支持的字符编码“{charset}”，请使用 UTF-8',
    'input.unsupportedEncoding': '不支持的内容压缩方式“{encoding}”',
  },
  'zh-TW': {
    'input.bodyTooDeep': '請求內容巢狀層級過深（最多 {depth} 層）',
    'input.bodyTooLarge': '請求內容過大（最多 {limit}）',
    'input.tooManyParameters': '請求參數過多（最多 {limit} 個）',
    'input.unsupportedCharset': '不支援的字元編碼「{charset}」，請使用 UTF-8',
    'input.unsupportedEncoding': '不支援的內容壓縮方式「{encoding}」',
  },
  en: {
    'input.bodyTooDeep': 'Request body nested too deeply (at most {depth} levels)',
    'input.bodyTooLarge': 'Request body too large (at most {limit})',
    'input.tooManyParameters': 'Too many request parameters (at most {limit})',
    'input.unsupportedCharset': 'Unsupported character set "{charset}"; send UTF-8',
    'input.unsupportedEncoding': 'Unsupported content encoding "{encoding}"',
  },
});
