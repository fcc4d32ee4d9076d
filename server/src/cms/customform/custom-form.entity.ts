import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CmsAudited } from '../common/audit-columns';

/** '0' draft (never published), '1' published (takes submissions), '2' offline (spec 4: publish or offline). */
export const CUSTOM_FORM_STATUSES = ['0', '1', '2'] as const;
export type CustomFormStatus = (typeof CUSTOM_FORM_STATUSES)[number];

/**
 * Limit rules (ChestnutCMS's ICustomFormLimitRule): who a submission counts against. `unlimited`: nobody; `ip`: the
 * client address; `member`: the signed-in member (a member is required then); `browser`: the id the form widget keeps
 * in a first-party cookie of the page (the address when the page cannot keep one).
 */
export const CUSTOM_FORM_RULES = ['unlimited', 'ip', 'member', 'browser'] as const;
export type CustomFormRule = (typeof CUSTOM_FORM_RULES)[number];
/** A limit counts per day or in total. */
export const CUSTOM_FORM_PERIODS = ['day', 'total'] as const;
export type CustomFormPeriod = (typeof CUSTOM_FORM_PERIODS)[number];

/** A custom form of a site; its fields are the metadata model `modelId` (owner type `customform`). */
@Entity('cms_custom_form')
export class CmsCustomForm extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'form_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) formId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'model_id', type: 'bigint', nullable: true }) modelId: string | null;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ type: 'varchar', length: 50 }) code: string;
  @Column({ type: 'char', length: 1, default: '0' }) status: CustomFormStatus;
  @Column({ name: 'need_captcha', type: 'boolean', default: true }) needCaptcha: boolean;
  @Column({ name: 'rule_limit', type: 'varchar', length: 16, default: 'unlimited' }) ruleLimit: CustomFormRule;
  @Column({ name: 'limit_period', type: 'varchar', length: 8, default: 'day' }) limitPeriod: CustomFormPeriod;
  @Column({ name: 'limit_count', type: 'int', default: 1 }) limitCount: number;
  @Column({ name: 'success_message', type: 'varchar', length: 200, default: '' }) successMessage: string;
  @Column({ name: 'publish_time', type: 'timestamptz', nullable: true }) publishTime: Date | null;
}

/** One submitted row of a form: the values by field code, and who sent it. */
@Entity('cms_custom_form_data')
export class CmsCustomFormData {
  @PrimaryGeneratedColumn('identity', { name: 'data_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) dataId: string;
  @Column({ name: 'form_id', type: 'bigint' }) formId: string;
  @Column({ name: 'site_id', type: 'bigint' }) siteId: string;
  @Column({ name: 'field_values', type: 'jsonb', default: {} }) values: Record<string, unknown>;
  @Column({ type: 'varchar', length: 128, default: '' }) ip: string;
  @Column({ name: 'member_id', type: 'bigint', nullable: true }) memberId: string | null;
  @Column({ name: 'browser_id', type: 'varchar', length: 64, default: '' }) browserId: string;
  @Column({ name: 'user_agent', type: 'varchar', length: 500, default: '' }) userAgent: string;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @Column({ name: 'create_time', type: 'timestamptz', default: () => 'now()' }) createTime: Date;
  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' }) updateBy: string;
  @Column({ name: 'update_time', type: 'timestamptz', default: () => 'now()' }) updateTime: Date;
}
