/**
 * The LiquidJS template engine of the CMS: pure (no NestJS, no database, no file system).
 *
 * Templates are Liquid (https://liquidjs.com) with the objects `site`, `catalog`, `content`, `page`, `pipe` and these
 * CMS tags and filters (TEMPLATE_TAGS holds the full help):
 *
 *   {% catalog_list level:'root' %}<a href="{{ item.url }}">{{ item.name }}</a>{% else %}none{% endcatalog_list %}
 *   {% catalog_list alias:'news' level:'child' limit:10 as items %}          (assign form: no end tag)
 *   {% content_list catalog:'news' include_children:true sort:'publishDate' limit:10 page:true as items %}
 *   {% page_bar %}                         (links of the page's paged list: index.html, list_2.html, ...)
 *   {% catalog_tree alias:'news' depth:2 as tree %}  {% catalog alias:'news' as c %}  {% content id:1 as c %}
 *   {{ item | content_url }} {{ 'news' | catalog_url }} {{ 'a/b.html' | internal_url }} {{ path | resource_url }}
 *   {{ 'css/site.css' | asset_url }} {{ content.publishDate | date_format: 'yyyy-MM-dd HH:mm' }}
 *   {% include 'include/header' %}         (relative to the pipe's template folder; `.template.html` optional)
 *
 * Sandbox: templates are read only through the TemplateSource (no `..`, no absolute paths), JS prototypes are hidden,
 * unknown filters are syntax errors, and time, output size, include depth, memory and data calls are bounded.
 */
export { renderPage, renderTemplate, checkTemplateSyntax, DEFAULT_TEMPLATE_LIMITS } from './engine';
export { TemplateError, type TemplateErrorKind, type TemplateErrorDetails } from './errors';
export { isTemplatePath, resolveTemplatePath, TEMPLATE_PATH_PATTERN, TEMPLATE_PATH_MAX, TEMPLATE_SUFFIX } from './paths';
export { formatDate } from './date-format';
export { TEMPLATE_TAGS, type TemplateTagDoc } from './template-tags';
export type * from './types';
