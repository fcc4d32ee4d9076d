import type { Seed } from './seed';

/** Parameters every installation starts with; existing values (edited by staff) are kept. */
const CONFIGS: Array<{ key: string; name: string; value: string; remark: string }> = [
  { key: 'sys.account.captchaEnabled', name: '账号自助-验证码开关', value: 'true', remark: '是否开启验证码功能（true开启，false关闭）' },
  { key: 'sys.account.registerUser', name: '账号自助-是否开启用户注册功能', value: 'true', remark: '是否开启注册用户功能（true开启，false关闭）' },
  { key: 'sys.account.captchaType', name: '账号自助-验证码类型', value: 'math', remark: '验证码类型：math 算术，char 字符' },
  { key: 'CMSModuleEnable', name: 'CMS模块开关', value: 'true', remark: '是否启用内容管理模块（true开启，false关闭）' },
  { key: 'sys.index.skinName', name: '主框架页-默认皮肤样式名称', value: 'skin-blue', remark: '' },
  { key: 'sys.index.sideTheme', name: '主框架页-侧边栏主题', value: 'theme-dark', remark: '深色主题theme-dark，浅色主题theme-light' },
  {
    key: 'sys.upload.allowedExts',
    name: '通用上传-允许的文件扩展名',
    value: 'doc,xls,ppt,txt,pdf,png,jpg,jpeg',
    remark: '逗号分隔；文件内容须与扩展名相符',
  },
  { key: 'sys.upload.maxSizeMb', name: '通用上传-单个文件大小上限（MB）', value: '5', remark: '最大100' },
  { key: 'sys.upload.maxCount', name: '通用上传-一次上传文件数上限', value: '5', remark: '最大20' },
  { key: 'check.pay.timeoutMinutes', name: '检测订单-在线支付时限（分钟）', value: '30', remark: '超时未支付的订单在支付渠道关闭并取消；5至1440' },
];

export const systemConfigSeed: Seed = {
  name: 'system-config',
  async run(manager) {
    for (const c of CONFIGS) {
      await manager.query(
        `INSERT INTO sys_config (config_name, config_key, config_value, config_type, create_by, remark)
         VALUES ($1, $2, $3, 'Y', 'system', $4) ON CONFLICT (config_key) DO NOTHING`,
        [c.name, c.key, c.value, c.remark],
      );
    }
  },
};
