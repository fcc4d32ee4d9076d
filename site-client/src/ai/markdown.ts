/**
 * Model output (Markdown) as plain blocks the page renders with React text nodes: nothing is ever inserted as HTML,
 * so a `<script>` in the answer stays visible text. Only what writing answers use is recognised: headings, lists,
 * quotes, code, paragraphs, **bold**; other marks are kept as written.
 */
export interface Inline {
  text: string;
  strong?: boolean;
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'quote'; content: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' };

/** `**bold**` / `__bold__` as strong runs; `*x*`, `` `x` `` lose their marks. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|__(.+?)__/g;
  let last = 0;
  let match: RegExpExecArray | null;
  const plain = (s: string) => s.replace(/`([^`]+)`/g, '$1').replace(/(^|[^*])\*([^*\s][^*]*?)\*(?!\*)/g, '$1$2');
  while ((match = pattern.exec(text))) {
    if (match.index > last) out.push({ text: plain(text.slice(last, match.index)) });
    out.push({ text: plain(match[1] ?? match[2]), strong: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: plain(text.slice(last)) });
  return out.filter((part) => part.text);
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)、]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

export function markdownToBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join('\n').trim()) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^\s*```/.test(lines[i])) code.push(lines[i]);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3 | 4 | 5 | 6, content: parseInline(heading[2]) });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flush();
      const ordered = !bullet;
      const item = parseInline((bullet ?? numbered)![1]);
      const previous = blocks[blocks.length - 1];
      if (previous?.kind === 'list' && previous.ordered === ordered) previous.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
      continue;
    }
    if (/^\s*>/.test(line)) {
      flush();
      const text = line.replace(/^\s*>\s?/, '');
      const previous = blocks[blocks.length - 1];
      if (previous?.kind === 'quote') previous.content.push({ text: ' ' }, ...parseInline(text));
      else blocks.push({ kind: 'quote', content: parseInline(text) });
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** The text of some inline runs, marks removed (copy, export, history titles). */
export const inlineText = (content: Inline[]): string => content.map((part) => part.text).join('');
