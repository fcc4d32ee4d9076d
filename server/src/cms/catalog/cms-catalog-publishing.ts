import { Injectable, Logger } from '@nestjs/common';
import type { LoginUser } from '../../auth/login-user';
import { CmsPublishService } from '../publish/cms-publish.service';
import type { CmsCatalog } from './cms-catalog.entity';

/** What catalogs ask of the publisher: publish a catalog's pages, drop the files of a deleted or moved catalog. */
@Injectable()
export class CmsCatalogPublishing {
  private readonly logger = new Logger(CmsCatalogPublishing.name);

  constructor(private readonly publisher: CmsPublishService) {}

  /** Queues the catalog's list pages (optionally its sub-catalogs' and its content's detail pages); answers the task. */
  async publish(catalog: CmsCatalog, user: LoginUser, options: { publishChild: boolean; publishDetail: boolean }): Promise<{ taskId: string }> {
    return { taskId: await this.publisher.publishCatalog(catalog.siteId, catalog.catalogId, user.userName, options) };
  }

  /**
   * Removes the published folder of a deleted catalog on every pipe. The catalog is already gone from the database,
   * so a storage failure is logged rather than reported as a failed delete.
   */
  async removeFiles(catalog: CmsCatalog): Promise<void> {
    try {
      await this.publisher.removeCatalogFiles(catalog.siteId, catalog.path);
    } catch (error) {
      this.logger.error(
        { catalogId: catalog.catalogId, path: catalog.path, message: (error as Error).message },
        'Removing the files of a deleted catalog failed',
      );
    }
  }

  /**
   * A catalog whose folder changed (edited path, moved): its pages under the old folder go, and it is published again
   * under the new one with its sub-catalogs and content, then the home page (its navigation links the catalog).
   */
  async relocated(catalog: CmsCatalog, oldPath: string, user: LoginUser): Promise<void> {
    try {
      await this.publisher.removeCatalogFiles(catalog.siteId, oldPath);
      await this.publisher.publishCatalog(catalog.siteId, catalog.catalogId, user.userName, { publishChild: true, publishDetail: true });
      await this.publisher.publishIndex(catalog.siteId, user.userName);
    } catch (error) {
      this.logger.error({ catalogId: catalog.catalogId, oldPath, message: (error as Error).message }, 'Republishing a moved catalog failed');
    }
  }
}
