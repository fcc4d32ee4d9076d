import { defineMessages } from '../../common/i18n/i18n';

/** Messages of the AI-content scoring settings (`/check/aigc/config`). */
export const CHECK_AIGC_MESSAGES = defineMessages({
  'zh-CN': {
    'check.aigc.baseUrlFormat': '服务地址须以 http:// 或 https:// 开头，且不能包含账号密码',
    'check.aigc.modelRequired': '请填写模型名称',
    'check.aigc.saved': 'AIGC 检测设置已保存',
    'check.aigc.offlineOnly': '当前使用离线模型，无需测试连接',
    'check.aigc.testFailed': '连接测试失败：{reason}',
    'check.aigc.testPassed': '连接正常，样例得分 {score}',
  },
  'zh-TW': {
    'check.aigc.baseUrlFormat': '服務位址須以 http:// 或 https:// 開頭，且不能包含帳號密碼',
    'check.aigc.modelRequired': '請填寫模型名稱',
    'check.aigc.saved': 'AIGC 檢測設定已儲存',
    'check.aigc.offlineOnly': '目前使用離線模型，無需測試連線',
    'check.aigc.testFailed': '連線測試失敗：{reason}',
    'check.aigc.testPassed': '連線正常，樣例得分 {score}',
  },
  en: {
    'check.aigc.baseUrlFormat': 'The server address must start with http:// or https:// and hold no user name or password',
    'check.aigc.modelRequired': 'Please enter the model name',
    'check.aigc.saved': 'AIGC scoring settings saved',
    'check.aigc.offlineOnly': 'The offline model is in use: there is no connection to test',
    'check.aigc.testFailed': 'Connection test failed: {reason}',
    'check.aigc.testPassed': 'Connection works; sample score {score}',
  },
});
