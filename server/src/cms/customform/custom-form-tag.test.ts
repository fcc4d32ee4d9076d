import { describe, expect, it } from 'vitest';
import { checkTemplateSyntax, renderTemplate, TemplateError, TEMPLATE_TAGS } from '../template/engine';
import { fakeProvider, memorySource, site } from '../template/engine/test-fixtures';
import { PAGE_MEMBER_SCRIPT } from '../template/page-member-script';
import { CUSTOM_FORM_WIDGET_JS } from './custom-form-widget';

const render = (text: string, files: Record<string, string> = {}, apiUrl = 'https://api.example.com/prod-api') =>
  renderTemplate('index.template.html', {
    source: memorySource({ 'index.template.html': text, ...files }),
    provider: fakeProvider(),
    context: { site: { ...site, apiUrl }, pipe: 'pc' },
  });

describe('{% customform %} template tag', () => {
  it('writes a placeholder with the form code, the site and the API base, and the widget script once per page', async () => {
    const html = await render("{% customform code:'feedback' %}<hr>{% include 'side.template.html' %}{% vote code:'v1' %}", {
      'side.template.html': "{% customform code:'Join_Us' %}",
    });
    expect(html).toContain(
      `<div class="cms-customform" data-form="feedback" data-site="${site.siteId}" data-api="https://api.example.com/prod-api"><noscript>请启用浏览器的 JavaScript 后填写此表单</noscript></div>`,
    );
    expect(html).toContain(`<div class="cms-customform" data-form="Join_Us" data-site="${site.siteId}"`);
    expect(html.split(CUSTOM_FORM_WIDGET_JS).length - 1).toBe(1);
    expect(html).toContain(PAGE_MEMBER_SCRIPT);
    // The script is JavaScript a browser can compile, with no way out of its <script> element, inserting text only.
    expect(() => new Function(CUSTOM_FORM_WIDGET_JS)).not.toThrow();
    expect(CUSTOM_FORM_WIDGET_JS).not.toMatch(/<\/script/i);
    expect(CUSTOM_FORM_WIDGET_JS).not.toMatch(/innerHTML|insertAdjacentHTML|document\.write/);
    // It calls the public routes.
    expect(CUSTOM_FORM_WIDGET_JS).toContain('/api/customform/form?siteId=');
    expect(CUSTOM_FORM_WIDGET_JS).toContain('/api/customform/captchaImage');
    expect(CUSTOM_FORM_WIDGET_JS).toContain('/api/customform/submit');
  });

  it('writes the script again on the next page', async () => {
    const first = await render("{% customform code:'a1' %}");
    const second = await render("{% customform code:'a1' %}");
    expect(first).toContain(CUSTOM_FORM_WIDGET_JS);
    expect(second).toContain(CUSTOM_FORM_WIDGET_JS);
  });

  it('falls back to /prod-api when the site names no API URL', async () => {
    expect(await render("{% customform code:'a1' %}", {}, '')).toContain('data-api="/prod-api"');
  });

  it('refuses a missing or malformed code and unknown arguments', async () => {
    await expect(render('{% customform %}')).rejects.toBeInstanceOf(TemplateError);
    await expect(render(`{% customform code:'"><script>' %}`)).rejects.toBeInstanceOf(TemplateError);
    const bad = checkTemplateSyntax("{% customform code:'a' size:3 %}");
    expect(bad.map((issue) => issue.message).join()).toContain('unknown argument "size" of tag customform');
  });

  it('is listed in the template help', () => {
    const entry = TEMPLATE_TAGS.find((tag) => tag.name === 'customform');
    expect(entry).toMatchObject({ kind: 'tag', syntax: "{% customform code:'feedback' %}" });
    expect(entry?.descriptions?.en).toMatch(/custom form/);
    expect(entry?.descriptions?.['zh-TW']).toMatch(/自訂表單/);
  });
});
