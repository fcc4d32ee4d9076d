import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Language } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { escapeLike, withUniqueMessages } from '../../database/sql-helpers';
import { I18nDictService } from '../i18n/i18n-dict.service';
import type { CreateMenuDto, MenuQueryDto, TreeNodeDto, UpdateMenuDto } from './dto/menu.dto';
import { SysMenu } from './sys-menu.entity';

const isHttp = (path: string) => /^https?:\/\//i.test(path);

/** Administration of the menu table that builds route trees and grants permissions. */
@Injectable()
export class MenuAdminService {
  constructor(
    @InjectRepository(SysMenu) private readonly menus: Repository<SysMenu>,
    private readonly i18n: I18nDictService,
  ) {}

  /** Every menu, filtered, parents before children by order; names in the caller's language. */
  async list(query: MenuQueryDto, language: Language): Promise<SysMenu[]> {
    const qb = this.menus.createQueryBuilder('m').orderBy('m.parent_id').addOrderBy('m.order_num').addOrderBy('m.menu_id');
    if (query.menuName) qb.andWhere('m.menu_name ILIKE :name', { name: `%${escapeLike(query.menuName)}%` });
    if (query.status) qb.andWhere('m.status = :status', { status: query.status });
    if (query.visible) qb.andWhere('m.visible = :visible', { visible: query.visible });
    return this.localize(await qb.getMany(), language);
  }

  async detail(menuId: string): Promise<SysMenu> {
    const menu = await this.menus.findOne({ where: { menuId } });
    if (!menu) throw ServiceException.notFound('menu.notFound');
    return menu;
  }

  /** The whole menu as a picker tree. */
  async tree(language: Language): Promise<TreeNodeDto[]> {
    const rows = await this.list({}, language);
    const nodes = new Map<string, TreeNodeDto & { parentId: string }>(
      rows.map((m) => [m.menuId, { id: m.menuId, label: m.menuName, parentId: m.parentId, children: [] }]),
    );
    const roots: TreeNodeDto[] = [];
    for (const node of nodes.values()) {
      const parent = nodes.get(node.parentId);
      if (parent) parent.children!.push(node);
      else roots.push(node);
    }
    const strip = (list: TreeNodeDto[]): TreeNodeDto[] =>
      list.map(({ id, label, children }) => (children?.length ? { id, label, children: strip(children) } : { id, label }));
    return strip(roots);
  }

  /** The picker tree plus the menus a role holds. */
  async roleTree(roleId: string, language: Language): Promise<{ menus: TreeNodeDto[]; checkedKeys: string[] }> {
    const rows: Array<{ menu_id: string }> = await this.menus.query('SELECT menu_id FROM sys_role_menu WHERE role_id = $1 ORDER BY menu_id', [
      roleId,
    ]);
    return { menus: await this.tree(language), checkedKeys: rows.map((r) => String(r.menu_id)) };
  }

  async create(dto: CreateMenuDto, caller: LoginUser): Promise<SysMenu> {
    await this.check(dto);
    return this.nameFreeOr(dto, () => this.menus.save(this.menus.create({ ...this.fields(dto), menuKey: null, createBy: caller.userName })));
  }

  async update(dto: UpdateMenuDto, caller: LoginUser): Promise<void> {
    await this.detail(dto.menuId);
    await this.check(dto, dto.menuId);
    await this.nameFreeOr(dto, () => this.menus.update({ menuId: dto.menuId }, { ...this.fields(dto), updateBy: caller.userName }));
  }

  async remove(menuId: string): Promise<void> {
    await this.detail(menuId);
    if (await this.menus.exists({ where: { parentId: menuId } })) throw new ServiceException('menu.hasChildren');
    const [{ n }] = await this.menus.query('SELECT count(*)::int AS n FROM sys_role_menu WHERE menu_id = $1', [menuId]);
    if (n > 0) throw new ServiceException('menu.assigned');
    await this.menus.delete({ menuId });
  }

  private fields(dto: CreateMenuDto) {
    return {
      menuName: dto.menuName,
      parentId: dto.parentId,
      orderNum: dto.orderNum,
      menuType: dto.menuType,
      path: dto.menuType === 'F' ? '' : (dto.path ?? ''),
      component: dto.menuType === 'C' ? (dto.component ?? '') : '',
      query: dto.query ?? '',
      isFrame: dto.isFrame ?? false,
      isCache: dto.isCache ?? true,
      isAffix: dto.isAffix ?? false,
      visible: dto.visible ?? '0',
      status: dto.status ?? '0',
      perms: dto.perms ?? '',
      icon: dto.icon ?? '',
      remark: dto.remark ?? '',
    };
  }

  /** Rules beyond field formats: route paths, links, the parent (unique names among siblings: nameFreeOr). */
  private async check(dto: CreateMenuDto, selfId?: string): Promise<void> {
    if (dto.menuType !== 'F') {
      if (!dto.path) throw new ServiceException('menu.pathRequired');
      if (dto.isFrame && !isHttp(dto.path)) throw new ServiceException('menu.externalPath');
      if (!isHttp(dto.path) && !/^[\w\-/]+$/.test(dto.path)) throw new ServiceException('menu.pathFormat');
    }
    if (dto.query) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(dto.query);
      } catch {
        parsed = undefined;
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ServiceException('menu.queryFormat');
    }
    if (dto.parentId !== '0') {
      const parent = await this.menus.findOne({ where: { menuId: dto.parentId } });
      if (!parent) throw ServiceException.notFound('menu.notFound');
      if (parent.menuType === 'F') throw new ServiceException('menu.parentIsButton');
      if (selfId) {
        const cycle = await this.menus.query(
          `WITH RECURSIVE up AS (SELECT menu_id, parent_id FROM sys_menu WHERE menu_id = $1
             UNION SELECT m.menu_id, m.parent_id FROM sys_menu m JOIN up ON m.menu_id = up.parent_id)
           SELECT 1 FROM up WHERE menu_id = $2`,
          [dto.parentId, selfId],
        );
        if (cycle.length) throw new ServiceException('menu.parentSelf');
      }
    }
  }

  /** Runs a write, turning a clash with a sibling's name (unique index `uq_sys_menu_name`) into its message. */
  private nameFreeOr<T>(dto: CreateMenuDto, write: () => Promise<T>): Promise<T> {
    return withUniqueMessages(write, { uq_sys_menu_name: () => new ServiceException('menu.nameTaken', { menuName: dto.menuName }) });
  }

  private async localize(rows: SysMenu[], language: Language): Promise<SysMenu[]> {
    const titles = await this.i18n.translate(
      language,
      rows.filter((m) => m.menuKey).map((m) => `menu.${m.menuKey}`),
    );
    return rows.map((m) => ({ ...m, menuName: titles.get(`menu.${m.menuKey}`) ?? m.menuName }));
  }
}
