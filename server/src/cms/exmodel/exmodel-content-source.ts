import { Injectable } from '@nestjs/common';
import { CmsContentService } from '../content/cms-content.service';
import { ExModelService } from './exmodel.service';

/*
 * How the exmodel data route finds a content: provided by the module that owns it (listed in its providers), so the
 * extension model module depends on none of the site, catalog and content modules.
 */
@Injectable()
export class ExModelContentSource {
  constructor(exmodels: ExModelService, contents: CmsContentService) {
    exmodels.registerSource('content', async (contentId) => {
      const content = await contents.get(contentId);
      return { siteId: String(content.siteId), catalogId: String(content.catalogId) };
    });
  }
}
