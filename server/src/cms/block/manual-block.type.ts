import { Injectable } from '@nestjs/common';
import { ServiceException } from '../../common/errors/service-exception';
import type { CmsPageWidget } from '../pagewidget/cms-page-widget.entity';
import type { PageWidgetRenderContext, PageWidgetType } from '../pagewidget/page-widget-type';

/** Id of the manual block type (`cms_page_widget.type`). */
export const MANUAL_BLOCK_TYPE = 'manual';
export const MAX_ROWS = 50;
export const MAX_ITEMS = 50;

/** One item of a row: what an editor picked by hand. */
export interface ManualBlockItem {
  title: string;
  /** Link: http(s), protocol-relative, site-absolute (`/a/b.html`) or relative; '' = none. */
  url: string;
  /** Material library path (`resources/202611/x.jpg`) or an http(s) URL; '' = none. */
  logo: string;
  summary: string;
}

/** A manual block's content: rows of items, in order. */
export interface ManualBlockContent extends Record<string, unknown> {
  rows: Array<{ items: ManualBlockItem[] }>;
}

const LIMITS = { title: 200, url: 500, logo: 500, summary: 1000 } as const;
// Schemes a link or logo may use: script and data URLs never reach a page.
const SAFE_URL = /^(https?:\/\/|\/\/|\/|[A-Za-z0-9_.~#?-])/;
const BAD_SCHEME = /^\s*[a-z][a-z0-9+.-]*:/i;

function field(value: unknown, name: keyof typeof LIMITS, row: number, item: number, required = false): string {
  if (value === undefined || value === null) value = '';
  if (typeof value !== 'string') throw new ServiceException('cms.block.itemField', { row, item, field: name });
  // Control characters never belong in these short texts (NUL would not even store).
  // eslint-disable-next-line no-control-regex -- the point is to drop control characters
  const text = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  if (required && !text) throw new ServiceException('cms.block.titleRequired', { row, item });
  if (text.length > LIMITS[name]) throw new ServiceException('cms.block.fieldTooLong', { row, item, field: name, max: LIMITS[name] });
  return text;
}

function link(value: unknown, name: 'url' | 'logo', row: number, item: number): string {
  const text = field(value, name, row, item);
  if (!text) return '';
  const scheme = BAD_SCHEME.exec(text);
  if ((scheme && !/^\s*https?:/i.test(text)) || !SAFE_URL.test(text) || /[\s"'<>\\]/.test(text)) {
    throw new ServiceException('cms.block.badUrl', { row, item, field: name });
  }
  return text;
}

/**
 * Manual blocks (手动区块): page widgets whose content editors put together by hand, as rows of items (title, link,
 * logo from the material library, summary), each row and item in the order the editor sorted them.
 * The template sees `rows` (each `{ items: [{ title, url, logo, logoUrl, summary }] }`) beside `widget`.
 */
@Injectable()
export class ManualBlockType implements PageWidgetType<ManualBlockContent> {
  readonly id = MANUAL_BLOCK_TYPE;
  readonly nameKey = 'cms.block.typeName';
  readonly defaultTemplate = [
    '<div class="cms-block" data-code="{{ widget.code | escape }}">',
    '{% for row in rows %}<ul class="cms-block-row">',
    '{% for item in row.items %}<li class="cms-block-item">',
    '{% if item.logoUrl != "" %}<img src="{{ item.logoUrl | escape }}" alt="{{ item.title | escape }}">{% endif %}',
    '{% if item.url != "" %}<a href="{{ item.url | escape }}">{{ item.title | escape }}</a>{% else %}<span>{{ item.title | escape }}</span>{% endif %}',
    '{% if item.summary != "" %}<p>{{ item.summary | escape }}</p>{% endif %}',
    '</li>{% endfor %}</ul>{% endfor %}',
    '</div>',
  ].join('\n');

  validateContent(content: unknown): ManualBlockContent {
    const rows = (content as { rows?: unknown } | null)?.rows ?? [];
    if (!Array.isArray(rows)) throw new ServiceException('cms.block.rowsInvalid');
    if (rows.length > MAX_ROWS) throw new ServiceException('cms.block.tooManyRows', { max: MAX_ROWS });
    return {
      rows: rows.map((row: unknown, r) => {
        const items = Array.isArray(row) ? row : (row as { items?: unknown } | null)?.items;
        if (!Array.isArray(items)) throw new ServiceException('cms.block.rowsInvalid');
        if (items.length > MAX_ITEMS) throw new ServiceException('cms.block.tooManyItems', { row: r + 1, max: MAX_ITEMS });
        return {
          items: items.map((raw: unknown, i) => {
            if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ServiceException('cms.block.rowsInvalid');
            const item = raw as Record<string, unknown>;
            return {
              title: field(item.title, 'title', r + 1, i + 1, true),
              url: link(item.url, 'url', r + 1, i + 1),
              logo: link(item.logo, 'logo', r + 1, i + 1),
              summary: field(item.summary, 'summary', r + 1, i + 1),
            };
          }),
        };
      }),
    };
  }

  renderModel(widget: CmsPageWidget, ctx: PageWidgetRenderContext): Record<string, unknown> {
    const { rows } = this.validateContent(widget.content);
    return {
      rows: rows.map((row) => ({
        items: row.items.map((item) => ({ ...item, logoUrl: item.logo ? ctx.urls.resource(item.logo) : '' })),
      })),
    };
  }
}
