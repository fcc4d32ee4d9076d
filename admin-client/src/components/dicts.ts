/**
 * Choices of fixed value sets, labelled by i18n keys (`app.dict.*`) so they follow the UI language. These are values
 * the server's DTOs accept from a fixed list (code depends on them), so staff adding an entry to the matching
 * dictionary would not make it valid. Dictionaries the server validates against its table (staff may add entries)
 * are loaded instead: `useDict(type)` (`GET /system/dict/data/type/{type}`, cached per type and language).
 * Ids are the dictionary values as strings (DictField also matches numeric values).
 */
const choices = (prefix: string, values: readonly string[]) => values.map((id) => ({ id, name: `app.dict.${prefix}_${id}` }));

/** Loaded with useDict: the notice's type and state (staff may add types). */
export const NOTICE_TYPE_DICT = 'sys_notice_type';
export const NOTICE_STATUS_DICT = 'sys_notice_status';
/** sys_yes_no */
export const YES_NO = choices('yes_no', ['Y', 'N']);
/** sys_normal_disable */
export const NORMAL_DISABLE = choices('normal_disable', ['0', '1']);
/** sys_common_status (0 success, 1 failure) */
export const COMMON_STATUS = choices('common_status', ['0', '1']);
/** sys_oper_type */
export const OPER_TYPE = choices('oper_type', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
/** IP rule types */
export const IP_RULE_TYPE = choices('ip_rule_type', ['allow', 'deny']);
/** sys_user_sex */
export const USER_SEX = choices('user_sex', ['0', '1', '2']);
/** sys_data_scope */
export const DATA_SCOPE = choices('data_scope', ['1', '2', '3', '4', '5']);
/** listClass of dictionary entries (the tag style used when an entry is shown). */
export const LIST_CLASS = choices('list_class', ['default', 'primary', 'success', 'info', 'warning', 'danger']);
/** sys_password_rule */
export const PASSWORD_RULE = choices('password_rule', [
  'NONE',
  'LETTER_DIGIT',
  'UPPER_LOWER_DIGIT',
  'LETTER_DIGIT_SPECIAL',
  'UPPER_LOWER_DIGIT_SPECIAL',
]);
/** sys_retry_strategy */
export const RETRY_STRATEGY = choices('retry_strategy', ['NONE', 'LOCK', 'DISABLE']);
/** Security policy status: 0 active, 1 inactive. */
export const POLICY_STATUS = choices('policy_status', ['0', '1']);
/** sys_menu_type: M directory, C page, F button */
export const MENU_TYPE = choices('menu_type', ['M', 'C', 'F']);
/** sys_show_hide */
export const SHOW_HIDE = choices('show_hide', ['0', '1']);
