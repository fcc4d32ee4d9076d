import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../../database/audited.entity';

/** A directory (M), screen (C) or action button (F) of the back office; buttons carry the permission strings. */
@Entity('sys_menu')
export class SysMenu extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { name: 'menu_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) menuId: string;
  /** Key of a seeded menu (i18n key `menu.<key>`); null for menus staff added. */
  @Column({ name: 'menu_key', type: 'varchar', length: 100, nullable: true }) menuKey: string | null;
  @Column({ name: 'menu_name', type: 'varchar', length: 50 }) menuName: string;
  @Column({ name: 'parent_id', type: 'bigint', default: 0 }) parentId: string;
  @Column({ name: 'order_num', type: 'int', default: 0 }) orderNum: number;
  @Column({ type: 'varchar', length: 200, default: '' }) path: string;
  @Column({ type: 'varchar', length: 255, default: '' }) component: string;
  @Column({ type: 'varchar', length: 255, default: '' }) query: string;
  @Column({ name: 'is_frame', type: 'boolean', default: false }) isFrame: boolean;
  @Column({ name: 'is_cache', type: 'boolean', default: true }) isCache: boolean;
  /** Pinned tab that cannot be closed. */
  @Column({ name: 'is_affix', type: 'boolean', default: false }) isAffix: boolean;
  @Column({ name: 'menu_type', type: 'char', length: 1 }) menuType: 'M' | 'C' | 'F';
  @Column({ type: 'char', length: 1, default: '0' }) visible: '0' | '1';
  @Column({ type: 'char', length: 1, default: '0' }) status: '0' | '1';
  @Column({ type: 'varchar', length: 100, default: '' }) perms: string;
  @Column({ type: 'varchar', length: 100, default: '' }) icon: string;
}
