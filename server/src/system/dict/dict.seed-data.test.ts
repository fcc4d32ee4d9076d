import {
  ClientType,
  CommonStatus,
  ContentSort,
  ContentStatus,
  LANGUAGES,
  LinkTarget,
  SensitiveWordType,
  StorageType,
  TitleRepeatCheck,
  YesNo,
} from '@zhiwen/shared';
import { describe, expect, it } from 'vitest';
import { DICT_TYPES } from './dict.seed-data';

/** Simplified-only characters that must never appear in zh-TW text. */
const SIMPLIFIED_ONLY =
  /[们门设务户称单录统码删导换权页广资栏网线时间让这级车击发开关误输说证详细读载调报应选数据认类态热词动扩会员经验计划缓异监储产订检测库对写记点链连评论区块标签题围启败过码审兼义谱复]/u;

const byType = new Map(DICT_TYPES.map((d) => [d.type, d]));
const valuesOf = (type: string) => byType.get(type)?.items.map((i) => i.value);

describe('DICT_TYPES', () => {
  it('has unique snake_case types', () => {
    const types = DICT_TYPES.map((d) => d.type);
    expect(types.filter((t, i) => types.indexOf(t) !== i)).toEqual([]);
    for (const t of types) {
      expect(t).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/);
      expect(t.length).toBeLessThanOrEqual(100);
    }
  });

  it('has at least one item per type, values unique within a type', () => {
    for (const d of DICT_TYPES) {
      expect(d.items.length, d.type).toBeGreaterThan(0);
      const values = d.items.map((i) => i.value);
      expect(
        values.filter((v, i) => values.indexOf(v) !== i),
        d.type,
      ).toEqual([]);
      for (const v of values) expect(v.trim(), d.type).toBe(v);
      for (const v of values) expect(v, d.type).not.toBe('');
    }
  });

  it('has at most one default item per type', () => {
    for (const d of DICT_TYPES) expect(d.items.filter((i) => i.isDefault).length, d.type).toBeLessThanOrEqual(1);
  });

  it('names types and labels items in all three languages', () => {
    for (const d of DICT_TYPES) {
      for (const texts of [d.name, ...d.items.map((i) => i.label)]) {
        expect(Object.keys(texts).sort(), d.type).toEqual([...LANGUAGES].sort());
        for (const lang of LANGUAGES) expect(texts[lang].trim(), `${d.type} ${lang}`).not.toBe('');
        expect(texts['zh-TW'], d.type).not.toMatch(SIMPLIFIED_ONLY);
        expect(texts.en, d.type).not.toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('contains the dictionaries the spec and RuoYi conventions name', () => {
    expect(valuesOf('sys_user_sex')).toEqual(['0', '1', '2']);
    expect(valuesOf('sys_normal_disable')).toEqual(['0', '1']);
    expect(valuesOf('sys_show_hide')).toEqual(['0', '1']);
    expect(valuesOf('sys_yes_no')).toEqual(['Y', 'N']);
    expect(valuesOf('sys_notice_type')).toEqual(['1', '2']);
    expect(valuesOf('sys_notice_status')).toEqual(['0', '1']);
    expect(valuesOf('sys_oper_type')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(valuesOf('sys_common_status')).toEqual(['0', '1']);
    expect(valuesOf('sys_job_group')).toEqual(['DEFAULT', 'SYSTEM']);
    expect(valuesOf('sys_job_status')).toEqual(['0', '1']);
    expect(valuesOf('sys_data_scope')).toEqual(['1', '2', '3', '4', '5']);
    expect(valuesOf('sys_menu_type')).toEqual(['M', 'C', 'F']);
    expect(valuesOf('sys_ip_rule_type')).toEqual(['allow', 'deny']);
    expect(valuesOf('sys_password_rule')).toEqual(['NONE', 'LETTER_DIGIT', 'UPPER_LOWER_DIGIT', 'LETTER_DIGIT_SPECIAL', 'UPPER_LOWER_DIGIT_SPECIAL']);
    expect(valuesOf('sys_retry_strategy')).toEqual(['NONE', 'LOCK', 'DISABLE']);
    expect(valuesOf('check_order_status')).toEqual(['created', 'paid', 'queued', 'checking', 'done', 'failed', 'cancelled', 'refunded']);
    expect(valuesOf('check_type')).toEqual(['aigc', 'jaigc', 'bkysb', 'sbysb', 'sbzpb', 'sbvip', 'qikanxlw', 'qkl', 'qwjc', 'qwjaigc']);
    for (const t of ['member_source', 'member_status', 'ai_provider_type']) expect(byType.has(t), t).toBe(true);
  });

  it('uses the same values as the shared enumerations', () => {
    const same = (type: string, values: Record<string, string>) =>
      expect([...(valuesOf(type) ?? [])].sort(), type).toEqual(Object.values(values).sort());
    same('cms_content_status', ContentStatus);
    same('cms_client_type', ClientType);
    same('cms_storage_type', StorageType);
    same('cms_link_target', LinkTarget);
    same('cms_sensitive_word_type', SensitiveWordType);
    same('cms_title_repeat_check', TitleRepeatCheck);
    same('cms_content_sort', ContentSort);
    same('sys_normal_disable', CommonStatus);
    same('sys_yes_no', YesNo);
    same('sys_language', Object.fromEntries(LANGUAGES.map((l) => [l, l])));
  });

  it('labels content statuses and check types as the spec says', () => {
    const zh = (type: string) => byType.get(type)?.items.map((i) => i.label['zh-CN']);
    expect(zh('cms_content_status')).toEqual(['初稿', '待发布', '已发布', '重新编辑', '已下线', '已归档', '已删除']);
    expect(zh('check_type')).toEqual([
      'AIGC检测',
      '降AIGC检测',
      '本科预审查重',
      '硕博预审查重',
      '硕博终稿查重',
      '硕博VIP查重',
      '期刊小论文查重',
      '期刊大论文查重',
      '全文降重',
      '全文降AIGC',
    ]);
    expect(byType.get('cms_content_sort')?.items).toHaveLength(9);
  });
});
