import type { Language } from '@zhiwen/shared';

/**
 * Seed data of the dictionaries (`sys_dict_type` + `sys_dict_data`). Item order is sort order; labels are given in
 * every UI language. Values of the enumerations shared with the clients (`@zhiwen/shared` enums) are the same
 * strings, which the test checks.
 */

export interface DictDataSeed {
  value: string;
  label: Record<Language, string>;
  listClass?: 'default' | 'primary' | 'success' | 'info' | 'warning' | 'danger';
  isDefault?: boolean;
}

export interface DictTypeSeed {
  type: string;
  name: Record<Language, string>;
  items: DictDataSeed[];
}

type Names = Record<Language, string>;
type ListClass = NonNullable<DictDataSeed['listClass']>;

const names = (zhCN: string, zhTW: string, en: string): Names => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en });

/** One dictionary item; `isDefault` is set only when true. */
function item(value: string, label: Names, listClass?: ListClass, isDefault = false): DictDataSeed {
  const seed: DictDataSeed = { value, label };
  if (listClass) seed.listClass = listClass;
  if (isDefault) seed.isDefault = true;
  return seed;
}

const dict = (type: string, name: Names, items: DictDataSeed[]): DictTypeSeed => ({ type, name, items });

export const DICT_TYPES: DictTypeSeed[] = [
  // ----------------------------------------------------------------------------------------------------------- system
  dict('sys_user_sex', names('用户性别', '使用者性別', 'User gender'), [
    item('0', names('男', '男', 'Male'), 'default', true),
    item('1', names('女', '女', 'Female'), 'default'),
    item('2', names('未知', '未知', 'Unknown'), 'default'),
  ]),
  dict('sys_normal_disable', names('系统开关', '系統開關', 'Enabled state'), [
    item('0', names('正常', '正常', 'Normal'), 'primary', true),
    item('1', names('停用', '停用', 'Disabled'), 'danger'),
  ]),
  dict('sys_show_hide', names('菜单状态', '選單狀態', 'Menu visibility'), [
    item('0', names('显示', '顯示', 'Shown'), 'primary', true),
    item('1', names('隐藏', '隱藏', 'Hidden'), 'danger'),
  ]),
  dict('sys_yes_no', names('系统是否', '系統是否', 'Yes or no'), [
    item('Y', names('是', '是', 'Yes'), 'primary', true),
    item('N', names('否', '否', 'No'), 'danger'),
  ]),
  dict('sys_notice_type', names('通知类型', '通知類型', 'Notice type'), [
    item('1', names('通知', '通知', 'Notification'), 'warning', true),
    item('2', names('公告', '公告', 'Announcement'), 'success'),
  ]),
  dict('sys_notice_status', names('通知状态', '通知狀態', 'Notice status'), [
    item('0', names('正常', '正常', 'Normal'), 'primary', true),
    item('1', names('关闭', '關閉', 'Closed'), 'danger'),
  ]),
  dict('sys_oper_type', names('操作类型', '操作類型', 'Operation type'), [
    item('0', names('其他', '其他', 'Other'), 'info'),
    item('1', names('新增', '新增', 'Add'), 'info'),
    item('2', names('修改', '修改', 'Edit'), 'info'),
    item('3', names('删除', '刪除', 'Delete'), 'danger'),
    item('4', names('授权', '授權', 'Grant'), 'primary'),
    item('5', names('导出', '匯出', 'Export'), 'warning'),
    item('6', names('导入', '匯入', 'Import'), 'warning'),
    item('7', names('强退', '強制登出', 'Force logout'), 'danger'),
    item('8', names('生成代码', '產生程式碼', 'Generate code'), 'warning'),
    item('9', names('清空数据', '清空資料', 'Clear data'), 'danger'),
  ]),
  dict('sys_common_status', names('系统状态', '系統狀態', 'Result status'), [
    item('0', names('成功', '成功', 'Success'), 'primary'),
    item('1', names('失败', '失敗', 'Failure'), 'danger'),
  ]),
  dict('sys_job_group', names('任务分组', '工作群組', 'Job group'), [
    item('DEFAULT', names('默认', '預設', 'Default'), 'default', true),
    item('SYSTEM', names('系统', '系統', 'System'), 'default'),
  ]),
  dict('sys_job_status', names('任务状态', '工作狀態', 'Job status'), [
    item('0', names('正常', '正常', 'Normal'), 'primary', true),
    item('1', names('暂停', '暫停', 'Paused'), 'danger'),
  ]),
  dict('sys_job_misfire_policy', names('计划执行错误策略', '排程錯過執行策略', 'Job misfire policy'), [
    item('1', names('立即执行', '立即執行', 'Run immediately'), 'primary'),
    item('2', names('执行一次', '執行一次', 'Run once'), 'default'),
    item('3', names('放弃执行', '放棄執行', 'Skip'), 'default', true),
  ]),
  dict('sys_job_concurrent', names('任务并发执行', '工作並行執行', 'Job concurrency'), [
    item('0', names('允许', '允許', 'Allowed'), 'primary'),
    item('1', names('禁止', '禁止', 'Forbidden'), 'danger', true),
  ]),
  dict('sys_task_trigger_type', names('计划任务触发方式', '計畫任務觸發方式', 'Task trigger type'), [
    item('cron', names('Cron表达式', 'Cron運算式', 'Cron expression'), 'primary', true),
    item('periodic', names('固定周期', '固定週期', 'Fixed period'), 'default'),
  ]),
  dict('sys_data_scope', names('数据权限范围', '資料權限範圍', 'Data scope'), [
    item('1', names('全部数据权限', '全部資料權限', 'All data'), 'default', true),
    item('2', names('自定数据权限', '自訂資料權限', 'Custom departments'), 'default'),
    item('3', names('本部门数据权限', '本部門資料權限', 'Own department'), 'default'),
    item('4', names('本部门及以下数据权限', '本部門及以下資料權限', 'Own department and below'), 'default'),
    item('5', names('仅本人数据权限', '僅本人資料權限', 'Own data only'), 'default'),
  ]),
  dict('sys_menu_type', names('菜单类型', '選單類型', 'Menu type'), [
    item('M', names('目录', '目錄', 'Directory'), 'warning', true),
    item('C', names('菜单', '選單', 'Menu'), 'success'),
    item('F', names('按钮', '按鈕', 'Button'), 'info'),
  ]),
  dict('sys_ip_rule_type', names('IP规则类型', 'IP規則類型', 'IP rule type'), [
    item('allow', names('允许', '允許', 'Allow'), 'success', true),
    item('deny', names('拒绝', '拒絕', 'Deny'), 'danger'),
  ]),
  dict('sys_password_rule', names('密码组成规则', '密碼組成規則', 'Password composition rule'), [
    item('NONE', names('无限制', '無限制', 'No restriction'), 'default', true),
    item('LETTER_DIGIT', names('字母和数字', '字母和數字', 'Letters and digits'), 'default'),
    item('UPPER_LOWER_DIGIT', names('大小写字母和数字', '大小寫字母和數字', 'Upper and lower case letters and digits'), 'default'),
    item('LETTER_DIGIT_SPECIAL', names('字母、数字和特殊字符', '字母、數字和特殊字元', 'Letters, digits and special characters'), 'default'),
    item(
      'UPPER_LOWER_DIGIT_SPECIAL',
      names('大小写字母、数字和特殊字符', '大小寫字母、數字和特殊字元', 'Upper and lower case letters, digits and special characters'),
      'default',
    ),
  ]),
  dict('sys_retry_strategy', names('登录重试策略', '登入重試策略', 'Login retry strategy'), [
    item('NONE', names('不处理', '不處理', 'Do nothing'), 'default', true),
    item('LOCK', names('锁定', '鎖定', 'Lock'), 'warning'),
    item('DISABLE', names('停用', '停用', 'Disable'), 'danger'),
  ]),
  dict('sys_language', names('界面语言', '介面語言', 'UI language'), [
    item('zh-CN', names('简体中文', '簡體中文', 'Simplified Chinese'), 'default', true),
    item('zh-TW', names('繁体中文', '繁體中文', 'Traditional Chinese'), 'default'),
    item('en', names('英文', '英文', 'English'), 'default'),
  ]),

  // -------------------------------------------------------------------------------------------------------------- cms
  dict('cms_content_status', names('内容状态', '內容狀態', 'Content status'), [
    item('draft', names('初稿', '初稿', 'Draft'), 'info', true),
    item('to_publish', names('待发布', '待發佈', 'To publish'), 'warning'),
    item('published', names('已发布', '已發佈', 'Published'), 'success'),
    item('re_edit', names('重新编辑', '重新編輯', 'Re-editing'), 'primary'),
    item('offline', names('已下线', '已下線', 'Offline'), 'default'),
    item('archived', names('已归档', '已歸檔', 'Archived'), 'default'),
    item('deleted', names('已删除', '已刪除', 'Deleted'), 'danger'),
  ]),
  dict('cms_content_type', names('内容类型', '內容類型', 'Content type'), [
    item('article', names('文章', '文章', 'Article'), 'primary', true),
    item('image', names('图集', '圖集', 'Image set'), 'success'),
    item('audio', names('音频', '音訊', 'Audio'), 'warning'),
    item('video', names('视频', '影片', 'Video'), 'danger'),
  ]),
  dict('cms_client_type', names('客户端类型', '用戶端類型', 'Client type'), [
    item('desktop', names('电脑', '電腦', 'Desktop'), 'primary', true),
    item('phone', names('手机', '手機', 'Phone'), 'success'),
    item('pad', names('平板', '平板', 'Tablet'), 'info'),
  ]),
  dict('cms_link_target', names('链接打开方式', '連結開啟方式', 'Link target'), [
    item('_self', names('当前窗口', '目前視窗', 'Same window'), 'default', true),
    item('_blank', names('新窗口', '新視窗', 'New window'), 'default'),
  ]),
  dict('cms_sensitive_word_type', names('敏感词类型', '敏感詞類型', 'Sensitive word type'), [
    item('sensitive', names('敏感词', '敏感詞', 'Sensitive'), 'danger', true),
    item('whitelist', names('白名单', '白名單', 'Whitelist'), 'success'),
  ]),
  dict('cms_title_repeat_check', names('标题重复检测', '標題重複檢查', 'Title repeat check'), [
    item('none', names('不检测', '不檢查', 'No check'), 'default', true),
    item('site', names('全站', '全站', 'Whole site'), 'default'),
    item('catalog', names('同栏目', '同欄目', 'Same catalog'), 'default'),
  ]),
  dict('cms_content_sort', names('内容排序方式', '內容排序方式', 'Content sort'), [
    item('default', names('默认排序', '預設排序', 'Default'), 'default', true),
    item('create_time_asc', names('创建时间升序', '建立時間遞增', 'Created, oldest first'), 'default'),
    item('create_time_desc', names('创建时间降序', '建立時間遞減', 'Created, newest first'), 'default'),
    item('publish_date_asc', names('发布时间升序', '發佈時間遞增', 'Published, oldest first'), 'default'),
    item('publish_date_desc', names('发布时间降序', '發佈時間遞減', 'Published, newest first'), 'default'),
    item('views_desc', names('浏览量降序', '瀏覽量遞減', 'Most viewed'), 'default'),
    item('favorites_desc', names('收藏数降序', '收藏數遞減', 'Most favourited'), 'default'),
    item('likes_desc', names('点赞数降序', '按讚數遞減', 'Most liked'), 'default'),
    item('comments_desc', names('评论数降序', '評論數遞減', 'Most commented'), 'default'),
  ]),
  dict('cms_storage_type', names('存储方式', '儲存方式', 'Storage type'), [
    item('local', names('本地存储', '本機儲存', 'Local disk'), 'default', true),
    item('s3', names('云对象存储', '雲端物件儲存', 'Cloud object storage (S3)'), 'primary'),
    item('minio', names('MinIO', 'MinIO', 'MinIO'), 'primary'),
  ]),
  dict('cms_comment_audit_status', names('评论审核状态', '評論審核狀態', 'Comment review status'), [
    item('0', names('待审核', '待審核', 'Pending'), 'warning', true),
    item('1', names('审核通过', '審核通過', 'Approved'), 'success'),
    item('2', names('审核不通过', '審核未通過', 'Rejected'), 'danger'),
  ]),
  dict('cms_customform_status', names('表单状态', '表單狀態', 'Form status'), [
    item('0', names('未发布', '未發佈', 'Unpublished'), 'info', true),
    item('1', names('已发布', '已發佈', 'Published'), 'success'),
    item('2', names('已下线', '已下線', 'Offline'), 'default'),
  ]),
  dict('xmodel_field_validation', names('元数据字段校验', '元資料欄位驗證', 'Meta field validation'), [
    item('not_empty', names('不能为空', '不可為空', 'Not empty'), 'default'),
    item('number', names('数字', '數字', 'Number'), 'default'),
    item('integer', names('整数', '整數', 'Integer'), 'default'),
    item('date', names('日期', '日期', 'Date'), 'default'),
    item('time', names('时间', '時間', 'Time'), 'default'),
    item('datetime', names('日期时间', '日期時間', 'Date and time'), 'default'),
    item('email', names('电子邮箱', '電子郵件', 'Email'), 'default'),
    item('phone', names('手机号码', '手機號碼', 'Phone number'), 'default'),
    item('regex', names('正则表达式', '正規表示式', 'Regular expression'), 'default'),
  ]),

  // ---------------------------------------------------------------------------------------------------------- members
  dict('member_source', names('会员来源', '會員來源', 'Member source'), [
    item('register', names('网站注册', '網站註冊', 'Site registration'), 'primary', true),
    item('wechat', names('微信扫码', '微信掃碼', 'WeChat QR login'), 'success'),
    item('admin', names('后台添加', '後台新增', 'Added by staff'), 'info'),
    item('import', names('批量导入', '批次匯入', 'Imported'), 'default'),
  ]),
  dict('member_status', names('会员状态', '會員狀態', 'Member status'), [
    item('0', names('正常', '正常', 'Normal'), 'primary', true),
    item('1', names('禁用', '停用', 'Disabled'), 'danger'),
    item('2', names('锁定', '鎖定', 'Locked'), 'warning'),
  ]),

  // ------------------------------------------------------------------------------------------------- paper checking
  dict('check_order_status', names('检测订单状态', '檢測訂單狀態', 'Check order status'), [
    item('created', names('待支付', '待付款', 'Awaiting payment'), 'warning', true),
    item('paid', names('已支付', '已付款', 'Paid'), 'primary'),
    item('queued', names('排队中', '排隊中', 'Queued'), 'info'),
    item('checking', names('检测中', '檢測中', 'Checking'), 'primary'),
    item('done', names('已完成', '已完成', 'Completed'), 'success'),
    item('failed', names('失败', '失敗', 'Failed'), 'danger'),
    item('cancelled', names('已取消', '已取消', 'Cancelled'), 'default'),
    item('refunded', names('已退款', '已退款', 'Refunded'), 'default'),
  ]),
  dict('check_type', names('检测类型', '檢測類型', 'Check type'), [
    item('aigc', names('AIGC检测', 'AIGC檢測', 'AIGC detection'), 'primary', true),
    item('jaigc', names('降AIGC检测', '降AIGC檢測', 'AIGC reduction check'), 'primary'),
    item('bkysb', names('本科预审查重', '大學部預審查重', 'Undergraduate pre-review check'), 'success'),
    item('sbysb', names('硕博预审查重', '碩博預審查重', 'Master/doctoral pre-review check'), 'success'),
    item('sbzpb', names('硕博终稿查重', '碩博終稿查重', 'Master/doctoral final check'), 'success'),
    item('sbvip', names('硕博VIP查重', '碩博VIP查重', 'Master/doctoral VIP check'), 'warning'),
    item('qikanxlw', names('期刊小论文查重', '期刊小論文查重', 'Journal short paper check'), 'info'),
    item('qkl', names('期刊大论文查重', '期刊大論文查重', 'Journal long paper check'), 'info'),
    item('qwjc', names('全文降重', '全文降重', 'Full-text duplication reduction'), 'danger'),
    item('qwjaigc', names('全文降AIGC', '全文降AIGC', 'Full-text AIGC reduction'), 'danger'),
  ]),

  // ------------------------------------------------------------------------------------------------------ AI writing
  dict('ai_provider_type', names('AI服务商类型', 'AI服務供應商類型', 'AI provider type'), [
    item('openai', names('OpenAI兼容接口', 'OpenAI相容介面', 'OpenAI-compatible API'), 'primary', true),
    item('deepseek', names('DeepSeek', 'DeepSeek', 'DeepSeek'), 'default'),
    item('qwen', names('通义千问', '通義千問', 'Qwen'), 'default'),
    item('ernie', names('文心一言', '文心一言', 'ERNIE Bot'), 'default'),
    item('zhipu', names('智谱清言', '智譜清言', 'Zhipu GLM'), 'default'),
    item('moonshot', names('月之暗面Kimi', '月之暗面Kimi', 'Moonshot Kimi'), 'default'),
  ]),
  dict('ai_usage_status', names('AI调用结果', 'AI呼叫結果', 'AI call result'), [
    item('success', names('成功', '成功', 'Success'), 'success', true),
    item('failed', names('失败', '失敗', 'Failed'), 'danger'),
    item('rejected', names('内容拦截', '內容攔截', 'Blocked by moderation'), 'warning'),
  ]),
];
