import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { CmsAccessService } from '../common/cms-access.service';
import type { RelaDto, RelaQueryDto } from './cms-content.dto';
import { CmsContent, CmsContentRela } from './cms-content.entity';
import { CmsContentWriter } from './cms-content-writer.service';
import { withCatalogNames, type ContentListRow } from './content-lists';

/** Related content: the list of a piece of content, adding and removing relations (also as part of a save). */
@Injectable()
export class CmsRelatedContentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly writer: CmsContentWriter,
  ) {}

  /** Content related to a piece of content, paged. */
  async related(user: LoginUser, query: RelaQueryDto): Promise<PageResult<ContentListRow>> {
    const content = await this.writer.get(query.contentId);
    await this.access.assert(user, 'Catalog', 'View', content.catalogId);
    const qb = this.dataSource
      .getRepository(CmsContent)
      .createQueryBuilder('c')
      .where('c.content_id IN (SELECT r.related_content_id FROM cms_content_rela r WHERE r.content_id = :id)', { id: content.contentId });
    const page = await paginate(qb, query, { sortable: {}, defaultOrder: { 'c.content_id': 'DESC' } });
    return { total: page.total, rows: await withCatalogNames(this.dataSource, page.rows) };
  }

  /** Relates content (of the same site) to a piece of content. */
  async addRelated(user: LoginUser, dto: RelaDto): Promise<void> {
    const [content] = await this.writer.assertOnContent(user, [dto.contentId], 'EditContent');
    await this.dataSource.transaction(async (m) => {
      const ids = await this.checkRelated(m, content.siteId, content.contentId, dto.relaContentIds);
      const [{ max }] = await m.query('SELECT COALESCE(max(sort), 0)::int AS max FROM cms_content_rela WHERE content_id = $1', [content.contentId]);
      await m.query(
        `INSERT INTO cms_content_rela (content_id, related_content_id, sort, create_by)
         SELECT $1, id, $3 + ord, $4 FROM unnest($2::bigint[]) WITH ORDINALITY AS u(id, ord) ON CONFLICT DO NOTHING`,
        [content.contentId, ids, max, user.userName],
      );
      await this.writer.log(m, [content], 'rela_add', user.userName, ids.join(','));
    });
  }

  /** Removes relations of a piece of content. */
  async removeRelated(user: LoginUser, dto: RelaDto): Promise<void> {
    const [content] = await this.writer.assertOnContent(user, [dto.contentId], 'EditContent');
    await this.dataSource.transaction(async (m) => {
      await m.delete(CmsContentRela, { contentId: content.contentId, relatedContentId: In(dto.relaContentIds) });
      await this.writer.log(m, [content], 'rela_remove', user.userName, dto.relaContentIds.join(','));
    });
  }

  /** Related ids checked: existing content of the same site, never the content itself (null: content being added). */
  async checkRelated(m: EntityManager, siteId: string, contentId: string | null, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (contentId && unique.includes(contentId)) throw new ServiceException('cms.content.relaSelf');
    if (!unique.length) return [];
    const rows = await m.find(CmsContent, { where: { contentId: In(unique) }, select: { contentId: true, siteId: true } });
    if (rows.length !== unique.length) throw ServiceException.notFound('cms.content.notFound');
    if (rows.some((r) => r.siteId !== siteId)) throw new ServiceException('cms.content.otherSite');
    return unique;
  }

  /** Replaces the relations of a piece of content by `ids` (checked), in their order. */
  async replaceRelated(m: EntityManager, contentId: string, ids: string[], operator: string): Promise<void> {
    await m.delete(CmsContentRela, { contentId });
    if (ids.length)
      await m.insert(
        CmsContentRela,
        ids.map((id, i) => ({ contentId, relatedContentId: id, sort: i + 1, createBy: operator })),
      );
  }
}
