import { Injectable } from '@nestjs/common';
import { CmsCatalogService } from '../catalog/cms-catalog.service';
import { ExModelService } from './exmodel.service';

/*
 * How the exmodel data route finds a catalog: provided by the module that owns it (listed in its providers), so the
 * extension model module depends on none of the site, catalog and content modules.
 */
@Injectable()
export class ExModelCatalogSource {
  constructor(exmodels: ExModelService, catalogs: CmsCatalogService) {
    exmodels.registerSource('catalog', async (catalogId) => {
      const catalog = await catalogs.get(catalogId);
      return { siteId: String(catalog.siteId), catalogId: String(catalog.catalogId), configProps: catalog.configProps ?? {} };
    });
  }
}
