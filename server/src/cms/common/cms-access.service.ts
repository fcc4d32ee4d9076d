import { Injectable } from '@nestjs/common';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import type { EntityManager } from 'typeorm';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';
import { objectPermission, ObjectPermissionService } from '../../system/permission/object-permission.service';

/** Object types of the CMS's per-object permissions (`Site:View:3`, `Catalog:Edit:7`, `PageWidget:Publish:5`). */
export type CmsObjectType = 'Site' | 'Catalog' | 'PageWidget';

/**
 * The actions each object type grants, in the order of the grant screen's columns (docs/cms.md "Permission grants").
 * Content rights are catalog actions (`AddContent`, `EditContent`, `DeleteContent`, `PublishContent`): content follows
 * the rights of its catalog.
 */
export const CMS_OBJECT_ACTIONS = {
  Site: ['View', 'Edit', 'Delete', 'Publish', 'AddCatalog', 'AddPageWidget'],
  Catalog: ['View', 'Edit', 'Delete', 'Publish', 'ShowHide', 'Move', 'Sort', 'AddContent', 'EditContent', 'DeleteContent', 'PublishContent'],
  PageWidget: ['View', 'Edit', 'Delete', 'Publish', 'Offline'],
} as const satisfies Record<CmsObjectType, readonly string[]>;
export type CmsObjectAction<T extends CmsObjectType> = (typeof CMS_OBJECT_ACTIONS)[T][number];

/** Objects of a type in a site, as the grant screen lists them (a module registers its lister, see `registerObjects`). */
export type CmsObjectLister = (siteId: string) => Promise<Array<{ id: string; name: string }>>;

/**
 * Per-object permissions of the CMS on top of the menu permissions: a caller needs both the screen's permission
 * (`@RequirePermission('cms:content:view')`) and the object's (`Catalog:EditContent:7`). Deny by default.
 */
@Injectable()
export class CmsAccessService {
  constructor(private readonly permissions: ObjectPermissionService) {}

  /** Whether the user may do `action` on the object. */
  can(user: LoginUser, type: CmsObjectType, action: string, id: string | number): Promise<boolean> {
    return this.permissions.can(user, type, action, id);
  }

  /** Throws 403 (with the message naming nothing secret) unless the user may do `action` on the object. */
  async assert(user: LoginUser, type: CmsObjectType, action: string, id: string | number): Promise<void> {
    if (!(await this.can(user, type, action, id))) throw ServiceException.forbidden();
  }

  /** Ids of the objects the user may do `action` on, or 'all' (super administrator): filters lists and trees. */
  ids(user: LoginUser, type: CmsObjectType, action: string): Promise<string[] | 'all'> {
    return this.permissions.objectIds(user, type, action);
  }

  /**
   * Page widgets (`/cms/pagewidget`): 403 unless the user may do `action` (View, Edit, Delete, Publish, Offline) on
   * the widget. Adding one needs `Site:AddPageWidget` on its site (`assert(user, 'Site', 'AddPageWidget', siteId)`).
   */
  assertPageWidget(user: LoginUser, action: CmsObjectAction<'PageWidget'>, pageWidgetId: string | number): Promise<void> {
    return this.assert(user, 'PageWidget', action, pageWidgetId);
  }

  /**
   * Gives the creator of an object (not a super administrator, who holds everything) every right on it, in the
   * caller's transaction: e.g. `grantCreator(user, 'PageWidget', widget.pageWidgetId, m)` after saving a page widget.
   */
  async grantCreator(user: LoginUser, type: CmsObjectType, id: string | number, manager?: EntityManager): Promise<void> {
    if (user.roles.includes(SUPER_ADMIN_ROLE)) return;
    await this.permissions.grant(
      { type: 'user', id: user.id },
      CMS_OBJECT_ACTIONS[type].map((action) => objectPermission(type, action, id)),
      manager,
    );
  }

  /** Forgets every grant on deleted objects, in the caller's transaction (e.g. when page widgets are deleted). */
  forget(type: CmsObjectType, ids: string | number | Array<string | number>, manager?: EntityManager): Promise<void> {
    return this.permissions.forget(type, ids, manager);
  }

  private readonly listers = new Map<CmsObjectType, CmsObjectLister>();

  /**
   * A module owning objects of a type (page widgets) registers how to list a site's objects, so the grant screen
   * (`/cms/perms/pageWidget`) shows them without reading the module's tables: call it in `onModuleInit`.
   */
  registerObjects(type: Exclude<CmsObjectType, 'Site' | 'Catalog'>, lister: CmsObjectLister): void {
    this.listers.set(type, lister);
  }

  /** A site's objects of a registered type; none when no module registered the type. */
  async objectsOf(type: Exclude<CmsObjectType, 'Site' | 'Catalog'>, siteId: string): Promise<Array<{ id: string; name: string }>> {
    const lister = this.listers.get(type);
    return lister ? lister(siteId) : [];
  }
}
