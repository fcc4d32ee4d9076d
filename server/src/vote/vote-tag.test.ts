import { describe, expect, it } from 'vitest';
import { checkTemplateSyntax, renderTemplate, TemplateError, TEMPLATE_TAGS } from '../cms/template/engine';
import { fakeProvider, memorySource, site } from '../cms/template/engine/test-fixtures';
import { PAGE_MEMBER_SCRIPT } from '../cms/template/page-member-script';
import { VOTE_WIDGET_JS } from './vote-widget';

const render = (text: string, files: Record<string, string> = {}, apiUrl = 'https://api.example.com/prod-api') =>
  renderTemplate('index.template.html', {
    source: memorySource({ 'index.template.html': text, ...files }),
    provider: fakeProvider(),
    context: { site: { ...site, apiUrl }, pipe: 'pc' },
  });

describe('{% vote %} template tag', () => {
  it('writes a placeholder with the vote code and the API base, and the widget script once per page', async () => {
    const html = await render("{% vote code:'survey2026' %}<hr>{% include 'side.template.html' %}", {
      'side.template.html': "{% vote code:'Other_1' %}",
    });
    expect(html).toContain('<div class="cms-vote" data-vote="survey2026" data-api="https://api.example.com/prod-api"></div>');
    expect(html).toContain('<div class="cms-vote" data-vote="Other_1" data-api="https://api.example.com/prod-api"></div>');
    // Once: the page member script (page tokens) and the widget.
    expect(html.split('<script>').length - 1).toBe(2);
    expect(html).toContain(VOTE_WIDGET_JS);
    expect(html).toContain(PAGE_MEMBER_SCRIPT);
    // The script is JavaScript a browser can compile, with no way out of its <script> element.
    expect(() => new Function(VOTE_WIDGET_JS)).not.toThrow();
    expect(VOTE_WIDGET_JS).not.toMatch(/<\/script/i);
    // Text goes in as text.
    expect(VOTE_WIDGET_JS).not.toMatch(/innerHTML|insertAdjacentHTML|document\.write/);
  });

  it('falls back to /prod-api when the site names no API URL', async () => {
    expect(await render("{% vote code:'a1' %}", {}, '')).toContain('data-api="/prod-api"');
  });

  it('refuses a missing or malformed code and unknown arguments', async () => {
    await expect(render('{% vote %}')).rejects.toBeInstanceOf(TemplateError);
    await expect(render(`{% vote code:'"><script>' %}`)).rejects.toBeInstanceOf(TemplateError);
    const bad = checkTemplateSyntax("{% vote code:'a' size:3 %}");
    expect(bad.map((issue) => issue.message).join()).toContain('unknown argument "size" of tag vote');
  });

  it('is listed in the template help', () => {
    const entry = TEMPLATE_TAGS.find((tag) => tag.name === 'vote');
    expect(entry).toMatchObject({ kind: 'tag', syntax: "{% vote code:'survey2026' %}" });
    expect(entry?.descriptions?.en).toMatch(/vote/);
  });
});
