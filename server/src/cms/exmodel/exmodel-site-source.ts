import { Injectable } from '@nestjs/common';
import { CmsSiteService } from '../site/cms-site.service';
import { ExModelService } from './exmodel.service';

/*
 * How the exmodel data route finds a site: provided by the module that owns it (listed in its providers), so the
 * extension model module depends on none of the site, catalog and content modules.
 */
@Injectable()
export class ExModelSiteSource {
  constructor(exmodels: ExModelService, sites: CmsSiteService) {
    exmodels.registerSource('site', async (siteId) => {
      const site = await sites.get(siteId);
      return { siteId: String(site.siteId), configProps: (site.configProps ?? {}) as Record<string, unknown> };
    });
  }
}
