import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { CmsAccessService } from '../common/cms-access.service';
import type { RecycleQueryDto } from './cms-content.dto';
import { CmsContent } from './cms-content.entity';
import { CmsContentWriter } from './cms-content-writer.service';
import { restrictToViewable, withCatalogNames, type ContentListRow } from './content-lists';
import { statusLabel } from './content-status';
import { ExModelService } from '../exmodel/exmodel.service';

/**
 * The recycle bin: deleted content, restoring it (the `recover` status change) and deleting it for good. Moving
 * content into the bin is the `delete` status change of `CmsContentService.remove`; the daily purge is a job.
 */
@Injectable()
export class CmsContentRecycleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly writer: CmsContentWriter,
    private readonly exmodels: ExModelService,
  ) {}

  /** Deleted content of the site in catalogs the caller may view, latest deleted first. */
  async recycleList(user: LoginUser, siteId: string, query: RecycleQueryDto): Promise<PageResult<ContentListRow>> {
    const qb = this.dataSource
      .getRepository(CmsContent)
      .createQueryBuilder('c')
      .where('c.site_id = :siteId', { siteId })
      .andWhere(`c.status = 'deleted'`);
    if (!(await restrictToViewable(this.access, user, qb))) return { rows: [], total: 0 };
    if (query.title) qb.andWhere('c.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.contentType) qb.andWhere('c.content_type = :contentType', { contentType: query.contentType });
    const page = await paginate(qb, query, {
      sortable: { deleteTime: 'c.delete_time' },
      defaultOrder: { 'c.delete_time': 'DESC', 'c.content_id': 'DESC' },
    });
    return { total: page.total, rows: await withCatalogNames(this.dataSource, page.rows) };
  }

  /** Restores content from the recycle bin to the status it held; published content is published again. */
  async recover(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.writer.transition(user, contentIds, 'recover');
  }

  /** Deletes content of the recycle bin for good, with its body, media and relations. */
  async destroy(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.writer.assertOnContent(user, contentIds, 'DeleteContent', { inRecycleBin: true });
    await this.dataSource.transaction(async (m) => {
      const rows = await this.writer.lockRows(m, contentIds);
      for (const content of rows) {
        if (content.status !== 'deleted') {
          throw new ServiceException('cms.content.illegalStatus', {
            title: content.title,
            from: statusLabel(content.status),
            to: statusLabel('deleted'),
          });
        }
      }
      await this.writer.log(m, rows, 'destroy', user.userName);
      await m.delete(CmsContent, { contentId: In(contentIds) });
      // Its extension model values (cms/exmodel) go with it.
      await this.exmodels.forget('content', contentIds, m);
    });
  }
}
