// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { replaceInHtml, replaceInText } from '../src/screens/word/errorproneword/errorProneFix';
import { batchWords } from '../src/screens/word/tagword/TagWordScreen';

describe('error-prone fixes in the editor', () => {
  it('replaces every occurrence in a title', () => {
    expect(replaceInText('按装后再按装', '按装', '安装')).toBe('安装后再安装');
    expect(replaceInText('无', '', 'x')).toBe('无');
  });

  it('replaces in the text of a body only, never in attributes, scripts or styles', () => {
    const html = '<p title="按装">先<b>按装</b>，再按装。</p><img alt="按装" src="/a.png"><script>var a = "按装";</script>';
    const fixed = replaceInHtml(html, '按装', '安装');
    expect(fixed).toBe('<p title="按装">先<b>安装</b>，再安装。</p><img alt="按装" src="/a.png"><script>var a = "按装";</script>');
  });

  it('leaves a body without the word exactly as it was', () => {
    const html = '<p>没有<br/>错误</p>';
    expect(replaceInHtml(html, '按装', '安装')).toBe(html);
  });

  it('keeps special characters escaped', () => {
    expect(replaceInHtml('<p>R&amp;D 按装 &lt;x&gt;</p>', '按装', '安装')).toBe('<p>R&amp;D 安装 &lt;x&gt;</p>');
  });
});

describe('batch add of tag words', () => {
  it('takes one word per line, trimmed, without blank lines', () => {
    expect(batchWords(' 人工智能 \r\n\n云计算\n  \n')).toEqual(['人工智能', '云计算']);
  });
});
