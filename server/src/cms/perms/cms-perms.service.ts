import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { hasPermission } from '../../auth/permission';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { objectPermission, ObjectPermissionService, type PermissionOwner } from '../../system/permission/object-permission.service';
import { UserAdminService } from '../../system/user/user-admin.service';
import { CmsCatalogService, type CatalogTreeNode } from '../catalog/cms-catalog.service';
import { CMS_OBJECT_ACTIONS, CmsAccessService, type CmsObjectType } from '../common/cms-access.service';
import type { PageWidgetQueryDto } from '../pagewidget/cms-page-widget.dto';
import { CmsPageWidgetService, type PageWidgetAction } from '../pagewidget/cms-page-widget.service';
import { CmsSiteService } from '../site/cms-site.service';
import type { SiteQueryDto } from '../site/cms-site.dto';
import type { PermsChangeDto, PermsMatrixDto, PermsMatrixRowDto, PermsOwnerQueryDto, PermsSiteQueryDto, SavePermsDto } from './cms-perms.dto';

/** An object of a matrix before the owner's grants are laid on it. */
interface MatrixObject {
  id: string;
  name: string;
  parentId?: string;
  children?: MatrixObject[];
  /** Page widgets: their site (a site right covers the widget's rights). */
  siteId?: string;
}

/** Per action, the ids of the objects the caller holds it on ('all' for a super administrator). */
type CallerRights = Map<string, Set<string> | 'all'>;

const flatten = (objects: MatrixObject[]): MatrixObject[] => objects.flatMap((o) => [o, ...flatten(o.children ?? [])]);

/**
 * Grants of site, catalog (with content) and page-widget rights to roles and users (`/cms/perms...`, docs/cms.md
 * "Permission grants"). A matrix shows the objects the caller may view; a save replaces the owner's direct grants on
 * those objects as a whole, in one transaction, and the caller may grant or revoke only rights it holds itself.
 */
@Injectable()
export class CmsPermsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly permissions: ObjectPermissionService,
    private readonly sites: CmsSiteService,
    private readonly catalogs: CmsCatalogService,
    private readonly users: UserAdminService,
    private readonly widgets: CmsPageWidgetService,
  ) {}

  // ------------------------------------------------------------------------------------------------ matrices

  /** Every site the caller may view, with the owner's site rights. */
  async siteMatrix(caller: LoginUser, query: PermsOwnerQueryDto): Promise<PermsMatrixDto> {
    const owner = await this.owner(caller, query);
    return this.matrix(caller, owner, 'Site', await this.viewableSites(caller));
  }

  /** The sites the owner may view (`Site:View`, directly or through its roles): the site picker of the other tabs. */
  async siteOptions(caller: LoginUser, query: PermsOwnerQueryDto): Promise<Array<{ id: string; name: string }>> {
    const owner = await this.owner(caller, query);
    const held = new Set([...(await this.permissions.held(owner.owner, 'Site:View:')), ...(await this.inherited(owner.owner, 'Site:View:'))]);
    return (await this.viewableSites(caller)).filter((s) => held.has(objectPermission('Site', 'View', s.id)));
  }

  /** The catalog tree of a site (the catalogs the caller may view), with the owner's catalog and content rights. */
  async catalogMatrix(caller: LoginUser, query: PermsSiteQueryDto): Promise<PermsMatrixDto> {
    const owner = await this.owner(caller, query);
    return this.matrix(caller, owner, 'Catalog', await this.catalogObjects(caller, query.siteId));
  }

  /** The page widgets of a site (the ones the caller may view), with the owner's page-widget rights. */
  async pageWidgetMatrix(caller: LoginUser, query: PermsSiteQueryDto): Promise<PermsMatrixDto> {
    const owner = await this.owner(caller, query);
    return this.matrix(caller, owner, 'PageWidget', await this.pageWidgetObjects(caller, query.siteId));
  }

  // ------------------------------------------------------------------------------------------------ saves

  /**
   * Replaces the owner's direct rights of `type` on the objects the caller sees (all its sites, or one site's
   * catalogs or page widgets) by the rows sent; objects not sent lose them. Granting a catalog right also grants
   * `Site:View` on its site, without which the catalog could not be reached. Answers what changed (the log keeps it).
   */
  async save(caller: LoginUser, type: CmsObjectType, dto: SavePermsDto): Promise<PermsChangeDto> {
    const owner = await this.owner(caller, dto);
    if (type !== 'Site' && !dto.siteId) throw new ServiceException('cms.perms.siteRequired');
    const objects = flatten(
      type === 'Site'
        ? await this.viewableSites(caller)
        : type === 'Catalog'
          ? await this.catalogObjects(caller, dto.siteId!)
          : await this.pageWidgetObjects(caller, dto.siteId!),
    );
    const scope = new Set(objects.map((o) => o.id));
    const actions: readonly string[] = CMS_OBJECT_ACTIONS[type];
    const wanted = new Set<string>();
    for (const row of dto.perms) {
      if (!scope.has(row.id)) throw ServiceException.notFound('cms.perms.objectNotFound', { id: row.id });
      for (const action of row.actions) {
        if (!actions.includes(action)) throw new ServiceException('cms.perms.actionInvalid', { action: String(action).slice(0, 50) });
        wanted.add(objectPermission(type, action, row.id));
      }
    }
    const before = new Set((await this.permissions.held(owner.owner, `${type}:`)).filter((p) => scope.has(p.split(':')[2])));
    const granted = [...wanted].filter((p) => !before.has(p));
    const revoked = [...before].filter((p) => !wanted.has(p));
    if (type === 'Catalog' && wanted.size) {
      const siteView = objectPermission('Site', 'View', dto.siteId!);
      const holds = (await this.permissions.held(owner.owner, siteView)).length > 0 || (await this.inherited(owner.owner, siteView)).length > 0;
      if (!holds) granted.push(siteView);
    }
    await this.assertCallerHolds(caller, [...granted, ...revoked], objects);
    if (granted.length || revoked.length) {
      await this.dataSource.transaction(async (m) => {
        await this.permissions.revoke(owner.owner, revoked, m);
        await this.permissions.grant(owner.owner, granted, m);
      });
    }
    return { granted: granted.sort(), revoked: revoked.sort() };
  }

  // ------------------------------------------------------------------------------------------------ parts

  /**
   * The owner of a request: the caller needs the screen's edit permission (`system:role:edit` for a role,
   * `system:user:edit` for a user, within its data scope); the super administrator role takes no grants.
   */
  private async owner(caller: LoginUser, query: PermsOwnerQueryDto): Promise<{ owner: PermissionOwner; name: string }> {
    const owner: PermissionOwner = { type: query.ownerType, id: query.owner };
    if (!hasPermission(caller.permissions, owner.type === 'role' ? 'system:role:edit' : 'system:user:edit')) throw ServiceException.forbidden();
    const found = await this.permissions.describeOwner(owner);
    if (!found) throw ServiceException.notFound(owner.type === 'role' ? 'cms.perms.roleNotFound' : 'cms.perms.userNotFound');
    if (found.superAdminRole) throw new ServiceException('cms.perms.superAdminRole');
    if (owner.type === 'user') await this.users.detail(owner.id, caller);
    return { owner, name: found.name };
  }

  private inherited(owner: PermissionOwner, prefix: string): Promise<string[]> {
    return owner.type === 'user' ? this.permissions.heldThroughRoles(owner.id, prefix) : Promise.resolve([]);
  }

  private async viewableSites(caller: LoginUser): Promise<MatrixObject[]> {
    const out: MatrixObject[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await this.sites.list(caller, { pageNum, pageSize: 500 } as SiteQueryDto);
      out.push(...page.rows.map((s) => ({ id: String(s.siteId), name: s.name })));
      if (page.rows.length < 500) return out;
    }
  }

  private async catalogObjects(caller: LoginUser, siteId: string): Promise<MatrixObject[]> {
    await this.access.assert(caller, 'Site', 'View', siteId);
    await this.sites.get(siteId);
    const toObject = (n: CatalogTreeNode): MatrixObject => ({ id: n.id, name: n.name, parentId: n.parentId, children: n.children.map(toObject) });
    return (await this.catalogs.tree(siteId, caller)).map(toObject);
  }

  /** A site's page widgets (viewing them needs `Site:View` on the site, which covers every widget of it). */
  private async pageWidgetObjects(caller: LoginUser, siteId: string): Promise<MatrixObject[]> {
    await this.sites.get(siteId);
    const out: MatrixObject[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await this.widgets.list(caller, siteId, { pageNum, pageSize: 500 } as PageWidgetQueryDto);
      out.push(...page.rows.map((w) => ({ id: String(w.pageWidgetId), name: w.name, siteId })));
      if (page.rows.length < 500) return out.sort((a, b) => Number(a.id) - Number(b.id));
    }
  }

  /** Whether the caller holds `type:action:id` (a page widget right also through its site, as the widget module checks). */
  private callerHolds(caller: LoginUser, type: CmsObjectType, action: string, object: { id: string; siteId?: string }): Promise<boolean> {
    if (type === 'PageWidget' && object.siteId) {
      return this.widgets.can(caller, action as PageWidgetAction, { pageWidgetId: object.id, siteId: object.siteId });
    }
    return this.access.can(caller, type, action, object.id);
  }

  private async callerRights(caller: LoginUser, type: CmsObjectType): Promise<CallerRights> {
    const rights: CallerRights = new Map();
    for (const action of CMS_OBJECT_ACTIONS[type]) {
      const ids = await this.access.ids(caller, type, action);
      rights.set(action, ids === 'all' ? 'all' : new Set(ids));
    }
    return rights;
  }

  /** 403 naming the first right the caller would hand out or take away without holding it. */
  private async assertCallerHolds(caller: LoginUser, changed: string[], objects: MatrixObject[]): Promise<void> {
    for (const permission of changed) {
      const [type, action, id] = permission.split(':');
      const object = (type !== 'Site' && objects.find((o) => o.id === id)) || { id };
      if (!(await this.callerHolds(caller, type as CmsObjectType, action, object))) {
        throw ServiceException.forbidden('cms.perms.notHeld', {
          permission: `${t(`cms.perms.type.${type}`)} ${t(`cms.perms.action.${action}`)} (${id})`,
        });
      }
    }
  }

  private async matrix(
    caller: LoginUser,
    owner: { owner: PermissionOwner; name: string },
    type: CmsObjectType,
    objects: MatrixObject[],
  ): Promise<PermsMatrixDto> {
    const held = new Set(await this.permissions.held(owner.owner, `${type}:`));
    const inherited = new Set(await this.inherited(owner.owner, `${type}:`));
    const actions: readonly string[] = CMS_OBJECT_ACTIONS[type];
    const editable = new Map<string, string[]>();
    if (type === 'PageWidget') {
      for (const o of objects) {
        const mine: string[] = [];
        for (const a of actions) if (await this.callerHolds(caller, type, a, o)) mine.push(a);
        editable.set(o.id, mine);
      }
    } else {
      const rights = await this.callerRights(caller, type);
      for (const o of flatten(objects)) {
        editable.set(
          o.id,
          actions.filter((a) => {
            const ids = rights.get(a);
            return ids === 'all' || !!ids?.has(o.id);
          }),
        );
      }
    }
    const row = (o: MatrixObject): PermsMatrixRowDto => ({
      id: o.id,
      name: o.name,
      ...(o.parentId !== undefined ? { parentId: o.parentId } : {}),
      granted: actions.filter((a) => held.has(`${type}:${a}:${o.id}`)),
      inherited: actions.filter((a) => inherited.has(`${type}:${a}:${o.id}`)),
      editable: editable.get(o.id) ?? [],
      ...(o.children ? { children: o.children.map(row) } : {}),
    });
    return {
      items: actions.map((a) => ({ id: a, name: t(`cms.perms.action.${a}`) })),
      rows: objects.map(row),
      ownerName: owner.name,
    };
  }
}
