import { Injectable } from '@nestjs/common';
import type { CmsPageWidget, PageWidgetRenderContext, PageWidgetType } from '../pagewidget';
import { CmsAdvertisementService } from './cms-advertisement.service';

/** What the template of an ad space sees for each online advert (`adverts`). */
export interface AdvertView {
  id: string;
  type: string;
  name: string;
  weight: number;
  /** The click link (through `/api/adv/redirect`, which counts it), '' when the advert has no URL. */
  link: string;
  target: string;
  imageUrl: string;
  text: string;
  /** A code advert's HTML (sanitized when saved, unless saved raw by a holder of `cms:ad:rawcode`). */
  code: string;
}

/**
 * The default template of an ad space: every online advert, hidden, and the script that shows one per view picked by
 * weight and sends its view beacon (`ad-script.ts`). Published as a fragment like every page widget.
 */
export const AD_SPACE_TEMPLATE = `<div class="zw-adspace" data-adspace="{{ widget.pageWidgetId }}">
{%- for ad in adverts %}
<div class="zw-ad zw-ad-{{ ad.type }}" data-ad="{{ ad.id }}" data-weight="{{ ad.weight }}"{% if ad.type == 'code' %} data-track-click="1"{% endif %} hidden>
{%- if ad.type == 'image' -%}
{%- if ad.link != '' %}<a href="{{ ad.link }}" target="{{ ad.target }}" rel="noopener"><img src="{{ ad.imageUrl }}" alt="{{ ad.name | escape }}"></a>{% else %}<img src="{{ ad.imageUrl }}" alt="{{ ad.name | escape }}">{% endif -%}
{%- elsif ad.type == 'text' -%}
{%- if ad.link != '' %}<a href="{{ ad.link }}" target="{{ ad.target }}" rel="noopener">{{ ad.text | escape }}</a>{% else %}<span>{{ ad.text | escape }}</span>{% endif -%}
{%- else -%}
{{ ad.code }}
{%- endif -%}
</div>
{%- endfor %}
<script src="{{ site.apiUrl }}/api/adv/adspace.js" async></script>
</div>
`;

/** The `ads` page widget type: an ad space whose content is its adverts (kept in `cms_advertisement`). */
@Injectable()
export class AdSpaceWidgetType implements PageWidgetType {
  readonly id = 'ads';
  readonly nameKey = 'cms.adspace.typeName';
  readonly defaultTemplate = AD_SPACE_TEMPLATE;

  constructor(private readonly adverts: CmsAdvertisementService) {}

  /** An ad space keeps no data of its own in the widget: its adverts are rows of their own. */
  validateContent(): Record<string, unknown> {
    return {};
  }

  /** `adverts`: the space's online adverts now (enabled, inside their dates), heaviest first. */
  async renderModel(widget: CmsPageWidget, ctx: PageWidgetRenderContext): Promise<Record<string, unknown>> {
    const ads = await this.adverts.online(String(widget.pageWidgetId));
    const api = ctx.site.apiUrl;
    const adverts: AdvertView[] = ads.map((a) => ({
      id: String(a.advertisementId),
      type: a.type,
      name: a.name,
      weight: a.weight,
      link: a.redirectUrl ? `${api}/api/adv/redirect?aid=${a.advertisementId}` : '',
      target: a.linkTarget,
      imageUrl: a.type === 'image' && a.resourcePath ? ctx.urls.resource(a.resourcePath) : '',
      text: a.type === 'text' ? a.content : '',
      code: a.type === 'code' ? a.content : '',
    }));
    return { adverts };
  }
}
