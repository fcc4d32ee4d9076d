// Links hot words in a content body: the first occurrence per page of each word becomes `<a href target>word</a>`.
// The body is parsed with parse5 (the HTML standard's parser) and only text nodes are searched, so a word is never
// linked inside an attribute, and never inside an existing link, a heading or code.
import AhoCorasick from 'modern-ahocorasick';
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';

type ChildNode = DefaultTreeAdapterMap['childNode'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type TextNode = DefaultTreeAdapterMap['textNode'];
type Element = DefaultTreeAdapterMap['element'];

/** A hot word with its link. */
export interface HotWordLink {
  word: string;
  url: string;
  target: '_self' | '_blank';
}

/** Elements whose text is never linked. */
const SKIPPED = new Set([
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'script',
  'style',
  'code',
  'pre',
  'textarea',
  'title',
  'button',
  'select',
  'option',
  'template',
  'svg',
  'math',
]);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** The hot words of a site, compiled once (per publish run) and applied to every page's body. */
export class HotWordLinker {
  private readonly automaton: AhoCorasick<HotWordLink> | null;

  constructor(words: readonly HotWordLink[]) {
    const byWord = new Map<string, HotWordLink>();
    // One link per word: the first given wins (the service gives groups by sort).
    for (const w of words) if (w.word && !byWord.has(w.word)) byWord.set(w.word, w);
    this.automaton = byWord.size ? new AhoCorasick([...byWord.values()].map((data) => ({ pattern: data.word, data }))) : null;
  }

  get empty(): boolean {
    return !this.automaton;
  }

  /** The body with hot words linked; the body itself (unchanged, unparsed) when nothing is linked. */
  link(html: string): string {
    if (!this.automaton || !html) return html;
    const fragment = parseFragment(html);
    const used = new Set<string>();
    if (!this.walk(fragment, used)) return html;
    return serialize(fragment);
  }

  /** Links in the text below `parent`, in document order; true when something was linked. */
  private walk(parent: ParentNode, used: Set<string>): boolean {
    let changed = false;
    // A copy: linking replaces a text node with several nodes.
    for (const node of [...parent.childNodes]) {
      if (node.nodeName === '#text') {
        changed = this.linkText(parent, node as TextNode, used) || changed;
      } else if ('childNodes' in node && node.nodeName !== '#comment' && !SKIPPED.has((node as Element).tagName ?? '')) {
        changed = this.walk(node as ParentNode, used) || changed;
      }
    }
    return changed;
  }

  private linkText(parent: ParentNode, node: TextNode, used: Set<string>): boolean {
    const text = node.value;
    const matches = this.automaton!.search(text).filter((m) => m.data && !used.has(m.data.word));
    if (!matches.length) return false;
    // Longest first (the longest word wins on overlap), then leftmost: each word's first free occurrence.
    matches.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    const chosen: Array<{ start: number; end: number; link: HotWordLink }> = [];
    for (const m of matches) {
      const link = m.data!;
      if (used.has(link.word) || chosen.some((c) => m.start < c.end && c.start < m.end)) continue;
      used.add(link.word);
      chosen.push({ start: m.start, end: m.end, link });
    }
    chosen.sort((a, b) => a.start - b.start);
    const replacement: ChildNode[] = [];
    let at = 0;
    for (const c of chosen) {
      if (c.start > at) replacement.push(textNode(text.slice(at, c.start), parent));
      replacement.push(anchor(c.link, text.slice(c.start, c.end), parent));
      at = c.end;
    }
    if (at < text.length) replacement.push(textNode(text.slice(at), parent));
    const index = parent.childNodes.indexOf(node);
    parent.childNodes.splice(index, 1, ...replacement);
    return true;
  }
}

function textNode(value: string, parentNode: ParentNode): TextNode {
  return { nodeName: '#text', value, parentNode };
}

function anchor(link: HotWordLink, word: string, parentNode: ParentNode): Element {
  const a: Element = {
    nodeName: 'a',
    tagName: 'a',
    attrs: [
      { name: 'href', value: link.url },
      { name: 'target', value: link.target },
      { name: 'class', value: 'hot-word' },
    ],
    namespaceURI: HTML_NS as Element['namespaceURI'],
    childNodes: [],
    parentNode,
  };
  a.childNodes.push(textNode(word, a));
  return a;
}
