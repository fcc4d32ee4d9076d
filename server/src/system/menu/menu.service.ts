import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { Language } from '@zhiwen/shared';
import { I18nDictService } from '../i18n/i18n-dict.service';
import { buildRoutes, type MenuNode } from './route-builder';
import type { RouteItem } from './route-item';
import { SysMenu } from './sys-menu.entity';

/** Menus: the permissions roles grant and the route tree of a caller. */
@Injectable()
export class MenuService {
  constructor(
    @InjectRepository(SysMenu) private readonly menus: Repository<SysMenu>,
    private readonly i18n: I18nDictService,
  ) {}

  /** Permission strings granted by enabled menus of these roles. */
  async permissionsOfRoles(roleIds: string[]): Promise<string[]> {
    if (!roleIds.length) return [];
    const rows: Array<{ perms: string }> = await this.menus
      .createQueryBuilder('m')
      .select('DISTINCT m.perms', 'perms')
      .innerJoin('sys_role_menu', 'rm', 'rm.menu_id = m.menu_id')
      .where('rm.role_id IN (:...roleIds)', { roleIds })
      .andWhere("m.status = '0' AND m.perms <> ''")
      .getRawMany();
    return rows.map((r) => r.perms).sort();
  }

  /** Route tree of directories and screens: all of them for a super administrator, else those of the roles. */
  async routesFor(roleIds: string[] | 'all', language: Language): Promise<RouteItem[]> {
    const qb = this.menus
      .createQueryBuilder('m')
      .where("m.menu_type IN ('M', 'C') AND m.status = '0'")
      .orderBy('m.parent_id')
      .addOrderBy('m.order_num')
      .addOrderBy('m.menu_id');
    if (roleIds !== 'all') {
      if (!roleIds.length) return [];
      qb.andWhere('m.menu_id IN (SELECT rm.menu_id FROM sys_role_menu rm WHERE rm.role_id IN (:...roleIds))', { roleIds });
    }
    const rows = await qb.getMany();
    const titles = await this.i18n.translate(
      language,
      rows.filter((m) => m.menuKey).map((m) => `menu.${m.menuKey}`),
    );
    return buildRoutes(this.tree(rows, (m) => titles.get(`menu.${m.menuKey}`) ?? m.menuName));
  }

  async findByIds(ids: string[]): Promise<SysMenu[]> {
    return ids.length ? this.menus.find({ where: { menuId: In(ids) } }) : [];
  }

  /** Nests rows under their parents; rows whose parent is absent (not granted) are dropped with their subtree. */
  private tree(rows: SysMenu[], title: (m: SysMenu) => string): MenuNode[] {
    const nodes = new Map<string, MenuNode>(rows.map((m) => [m.menuId, { ...m, title: title(m), children: [] } as MenuNode]));
    const roots: MenuNode[] = [];
    for (const node of nodes.values()) {
      if (node.parentId === '0') roots.push(node);
      else nodes.get(node.parentId)?.children.push(node);
    }
    return roots;
  }
}
