import { Injectable } from '@nestjs/common';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { ObjectPermissionService } from '../../system/permission/object-permission.service';

/** Object types of the CMS's per-object permissions (`Site:View:3`, `Catalog:Edit:7`, `PageWidget:Publish:5`). */
export type CmsObjectType = 'Site' | 'Catalog' | 'PageWidget';

/**
 * The actions each object type grants, in the order of the grant screen's columns (docs/cms.md "Permission grants").
 * Content rights are catalog actions (`AddContent`, `EditContent`, `DeleteContent`, `PublishContent`): content follows
 * the rights of its catalog. Page-widget rights are checked by CmsPageWidgetService.can (a site right covers them).
 */
export const CMS_OBJECT_ACTIONS = {
  Site: ['View', 'Edit', 'Delete', 'Publish', 'AddCatalog', 'AddPageWidget'],
  Catalog: ['View', 'Edit', 'Delete', 'Publish', 'ShowHide', 'Move', 'Sort', 'AddContent', 'EditContent', 'DeleteContent', 'PublishContent'],
  PageWidget: ['View', 'Edit', 'Delete', 'Publish'],
} as const satisfies Record<CmsObjectType, readonly string[]>;
export type CmsObjectAction<T extends CmsObjectType> = (typeof CMS_OBJECT_ACTIONS)[T][number];

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
}
