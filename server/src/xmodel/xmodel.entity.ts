import type { XModelControlType, XModelFieldOptions, XModelValidation } from '@zhiwen/shared';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CmsAudited } from '../cms/common/audit-columns';

/** Who owns a model: a plain metadata model (`/xmodel`), an extension model of a site, a custom form. */
export const XMODEL_OWNER_TYPES = ['xmodel', 'exmodel', 'customform'] as const;
export type XModelOwnerType = (typeof XMODEL_OWNER_TYPES)[number] | (string & {});

/** The one storage table of every model's values (docs/decisions.md "Field-definition layer storage"). */
export const XMODEL_DATA_TABLE = 'x_model_data';

/** A metadata model: a named set of fields owned by something. */
@Entity('x_model')
export class XModel extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'model_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) modelId: string;
  @Column({ name: 'owner_type', type: 'varchar', length: 32 }) ownerType: XModelOwnerType;
  /** The owner's id (a site for extension models, a form for custom forms); '' for plain metadata models. */
  @Column({ name: 'owner_id', type: 'varchar', length: 64, default: '' }) ownerId: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ type: 'varchar', length: 50 }) code: string;
  @Column({ name: 'table_name', type: 'varchar', length: 64, default: XMODEL_DATA_TABLE }) tableName: string;
}

/** A field of a model. */
@Entity('x_model_field')
export class XModelField extends CmsAudited {
  @PrimaryGeneratedColumn('identity', { name: 'field_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) fieldId: string;
  @Column({ name: 'model_id', type: 'bigint' }) modelId: string;
  /** The label shown beside the input. */
  @Column({ type: 'varchar', length: 100 }) name: string;
  /** The key of the value (`content.extend.<code>` in templates). */
  @Column({ type: 'varchar', length: 50 }) code: string;
  @Column({ name: 'control_type', type: 'varchar', length: 16 }) controlType: XModelControlType;
  @Column({ name: 'default_value', type: 'varchar', length: 2000, default: '' }) defaultValue: string;
  @Column({ type: 'jsonb', default: () => `'{"type":"none"}'::jsonb` }) options: XModelFieldOptions;
  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` }) validations: XModelValidation[];
  @Column({ type: 'boolean', default: false }) required: boolean;
  @Column({ name: 'sort_flag', type: 'int', default: 0 }) sortFlag: number;
}

/** The values of one record of a model: one jsonb document keyed by field code. */
@Entity('x_model_data')
export class XModelData {
  @PrimaryColumn({ name: 'model_id', type: 'bigint' }) modelId: string;
  /** What the record is: 'site', 'catalog', 'content' for extension models, 'customform' for form submissions. */
  @PrimaryColumn({ name: 'data_type', type: 'varchar', length: 32 }) dataType: string;
  @PrimaryColumn({ name: 'data_id', type: 'varchar', length: 64 }) dataId: string;
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` }) data: Record<string, unknown>;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' }) updateTime: Date;
}
