import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';
import type { LibraryKind } from './check-library.constants';

/** A named comparison library of source documents (`check_library`). */
@Entity('check_library')
export class CheckLibrary extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'library_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) libraryId: string;
  @Column({ name: 'library_name', type: 'varchar', length: 100 }) libraryName: string;
  /** Stable name of the library for integrations (the CMS hook and the self library use `cms` and `self`). */
  @Column({ name: 'library_code', type: 'varchar', length: 64 }) libraryCode: string;
  @Column({ name: 'library_kind', type: 'varchar', length: 16 }) libraryKind: LibraryKind;
  @Column({ type: 'varchar', length: 500, default: '' }) description: string;
  /** '0' normal, '1' disabled (left out of checks). */
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ type: 'int', default: 0 }) sort: number;
}
