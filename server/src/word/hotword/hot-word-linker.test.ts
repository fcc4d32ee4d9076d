import { describe, expect, it } from 'vitest';
import { HotWordLinker } from './hot-word-linker';

const linker = new HotWordLinker([
  { word: '人工智能', url: 'https://example.com/ai', target: '_blank' },
  { word: '智能', url: '/tags/zn', target: '_self' },
  { word: '中国', url: '/china', target: '_self' },
  { word: 'R&D', url: '/rd?a=1&b=2', target: '_blank' },
]);

const a = (url: string, target: string, word: string) => `<a href="${url}" target="${target}" class="hot-word">${word}</a>`;

describe('hot word linker', () => {
  it('links the first occurrence of each word on the page only', () => {
    expect(linker.link('<p>中国很大。</p><p>中国很美。</p>')).toBe(`<p>${a('/china', '_self', '中国')}很大。</p><p>中国很美。</p>`);
  });

  it('never links inside an existing link, a heading, code or pre, and then links the next free occurrence', () => {
    const html = '<h2>中国</h2><p><a href="/x">中国</a></p><pre>中国</pre><p><code>中国</code> 在 <b>中国</b></p>';
    expect(linker.link(html)).toBe(
      `<h2>中国</h2><p><a href="/x">中国</a></p><pre>中国</pre><p><code>中国</code> 在 <b>${a('/china', '_self', '中国')}</b></p>`,
    );
  });

  it('never touches attributes', () => {
    const html = '<p><img alt="中国" src="/a.png" title="人工智能"><span data-x="智能">x</span></p>';
    expect(linker.link(html)).toBe(html);
  });

  it('lets the longest word win where words overlap, and still links the shorter one elsewhere', () => {
    expect(linker.link('<p>人工智能与智能</p>')).toBe(
      `<p>${a('https://example.com/ai', '_blank', '人工智能')}与${a('/tags/zn', '_self', '智能')}</p>`,
    );
  });

  it('matches entity-escaped text as text and keeps it escaped, with the URL escaped in the attribute', () => {
    expect(linker.link('<p>Our R&amp;D &lt;team&gt;</p>')).toBe(
      `<p>Our <a href="/rd?a=1&amp;b=2" target="_blank" class="hot-word">R&amp;D</a> &lt;team&gt;</p>`,
    );
  });

  it('leaves a body without hot words exactly as it was, and never links inside script or style', () => {
    const html = '<p>nothing here</p><br/>';
    expect(linker.link(html)).toBe(html);
    const script = '<script>var s = "中国";</script><style>/* 中国 */</style>';
    expect(linker.link(script)).toBe(script);
  });

  it('a site without hot words has an empty linker', () => {
    expect(new HotWordLinker([]).empty).toBe(true);
    expect(linker.empty).toBe(false);
  });
});
