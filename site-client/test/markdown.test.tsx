import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markdownToBlocks } from '../src/ai/markdown';
import { MarkdownView } from '../src/ai/MarkdownView';

describe('Markdown of model output as safe blocks', () => {
  it('recognises headings, lists, quotes, code, bold and paragraphs', () => {
    const blocks = markdownToBlocks('# 标题\n\n正文**重点**内容\n第二行\n\n- 甲\n- 乙\n\n1. 一\n2. 二\n\n> 引用\n\n```\ncode <b>\n```\n\n---');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, content: [{ text: '标题' }] },
      { kind: 'paragraph', content: [{ text: '正文' }, { text: '重点', strong: true }, { text: '内容\n第二行' }] },
      { kind: 'list', ordered: false, items: [[{ text: '甲' }], [{ text: '乙' }]] },
      { kind: 'list', ordered: true, items: [[{ text: '一' }], [{ text: '二' }]] },
      { kind: 'quote', content: [{ text: '引用' }] },
      { kind: 'code', text: 'code <b>' },
      { kind: 'rule' },
    ]);
  });

  it('keeps HTML in the answer as visible text: a <script> is never markup', () => {
    const html = renderToStaticMarkup(
      <MarkdownView text={'## 小节 <img src=x onerror=alert(1)>\n\n<script>alert("x")</script>\n\n- <b>粗</b>\n\n[链接](javascript:alert(1))'} />,
    );
    expect(html).not.toMatch(/<script|<img|<b>|<a /);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<h4>小节 &lt;img src=x onerror=alert(1)&gt;</h4>');
    expect(html).toContain('<li>&lt;b&gt;粗&lt;/b&gt;</li>');
    expect(html).toContain('[链接](javascript:alert(1))');
  });

  it('renders a partial answer (mid-stream) without failing', () => {
    expect(renderToStaticMarkup(<MarkdownView text={'# 标\n\n- 列表项未完**'} />)).toBe(
      '<div class="markdown"><h3>标</h3><ul><li>列表项未完**</li></ul></div>',
    );
  });
});
