import { Injectable, Logger } from '@nestjs/common';
import { CmsPublishService } from '../publish/cms-publish.service';

/**
 * The content module's door to the publisher, called after a transaction commits. A publisher failure is logged, not
 * thrown: the status change is already committed and a later publish of the catalog or site repairs the files.
 */
@Injectable()
export class CmsContentPublishing {
  private readonly logger = new Logger('CmsContentPublishing');

  constructor(private readonly publisher: CmsPublishService) {}

  /** Queues the pages of published content (and its lists and home page), per site. */
  async publish(bySite: Map<string, string[]>, operator: string): Promise<void> {
    for (const [siteId, contentIds] of bySite) {
      if (!contentIds.length) continue;
      try {
        await this.publisher.publishContents(siteId, contentIds, operator);
      } catch (error) {
        this.logger.error({ siteId, contentIds, operator, err: (error as Error).message }, 'Publishing content failed');
      }
    }
  }

  /** Removes the published pages of content taken off the site (and republishes its lists), per site. */
  async unpublish(bySite: Map<string, string[]>, operator: string): Promise<void> {
    for (const [siteId, contentIds] of bySite) {
      if (!contentIds.length) continue;
      try {
        await this.publisher.unpublishContents(siteId, contentIds, operator);
      } catch (error) {
        this.logger.error({ siteId, contentIds, operator, err: (error as Error).message }, 'Unpublishing content failed');
      }
    }
  }
}

/** Groups content ids by site. */
export function bySite(rows: Array<{ siteId: string; contentId: string }>): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const list = map.get(String(row.siteId)) ?? [];
    list.push(String(row.contentId));
    map.set(String(row.siteId), list);
  }
  return map;
}
