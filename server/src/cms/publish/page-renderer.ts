import { Injectable } from '@nestjs/common';
import { CmsTemplateService } from '../template/cms-template.service';
import { renderPage } from '../template/engine';
import type { RenderOptions, RenderResult, TemplateSource } from '../template/engine/types';

/** Renders one page: the template at `path` of the source, with the data provider and the page's context. */
export interface PageRenderer {
  render(path: string, options: RenderOptions): Promise<RenderResult>;
  /** The template files of a site's pipe. */
  source(siteId: string, pipe: string): TemplateSource;
}

/** Injection token of the PageRenderer the publisher uses. */
export const PAGE_RENDERER = Symbol('CMS_PAGE_RENDERER');

/** The CMS template engine over the site's template files (read through the template module's cached source). */
@Injectable()
export class CmsPageRenderer implements PageRenderer {
  constructor(private readonly templates: CmsTemplateService) {}

  source(siteId: string, pipe: string): TemplateSource {
    return this.templates.source(siteId, pipe);
  }

  render(path: string, options: RenderOptions): Promise<RenderResult> {
    return renderPage(path, options);
  }
}
