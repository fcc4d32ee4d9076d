import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A database table imported for code generation, with the names the generated code uses (`gen_table`). */
@Entity('gen_table')
export class GenTable extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'table_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) tableId: string;
  @Column({ name: 'table_name', type: 'varchar', length: 200 }) tableName: string;
  @Column({ name: 'table_comment', type: 'varchar', length: 500, default: '' }) tableComment: string;
  @Column({ name: 'class_name', type: 'varchar', length: 100 }) className: string;
  @Column({ name: 'module_name', type: 'varchar', length: 30 }) moduleName: string;
  @Column({ name: 'business_name', type: 'varchar', length: 30 }) businessName: string;
  @Column({ name: 'function_name', type: 'varchar', length: 50 }) functionName: string;
  @Column({ name: 'perm_prefix', type: 'varchar', length: 100 }) permPrefix: string;
}

/** How one column of an imported table is typed, listed, queried and edited in the generated code (`gen_table_column`). */
@Entity('gen_table_column')
export class GenTableColumn {
  @PrimaryGeneratedColumn('identity', { name: 'column_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) columnId: string;
  @Column({ name: 'table_id', type: 'bigint' }) tableId: string;
  @Column({ name: 'column_name', type: 'varchar', length: 200 }) columnName: string;
  @Column({ name: 'column_comment', type: 'varchar', length: 500, default: '' }) columnComment: string;
  /** The PostgreSQL type as information_schema names it (udt_name: int8, varchar, timestamptz, …). */
  @Column({ name: 'column_type', type: 'varchar', length: 100 }) columnType: string;
  @Column({ name: 'max_length', type: 'int', nullable: true }) maxLength: number | null;
  @Column({ name: 'field_name', type: 'varchar', length: 100 }) fieldName: string;
  @Column({ name: 'ts_type', type: 'varchar', length: 16 }) tsType: string;
  @Column({ name: 'is_pk', type: 'boolean', default: false }) isPk: boolean;
  @Column({ name: 'is_increment', type: 'boolean', default: false }) isIncrement: boolean;
  @Column({ name: 'is_required', type: 'boolean', default: false }) isRequired: boolean;
  @Column({ name: 'is_edit', type: 'boolean', default: true }) isEdit: boolean;
  @Column({ name: 'is_list', type: 'boolean', default: true }) isList: boolean;
  @Column({ name: 'is_query', type: 'boolean', default: false }) isQuery: boolean;
  @Column({ name: 'query_type', type: 'varchar', length: 16, default: 'EQ' }) queryType: string;
  @Column({ name: 'html_type', type: 'varchar', length: 16, default: 'input' }) htmlType: string;
  @Column({ name: 'dict_type', type: 'varchar', length: 100, default: '' }) dictType: string;
  @Column({ type: 'int', default: 0 }) sort: number;
}
