/** HTML-escapes text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Safe highlighted HTML of text: the text is escaped, and each occurrence of a token (case-insensitive) is wrapped in
 * `<em>`. With `window`, a snippet of about that many characters around the first hit (the start when none).
 */
export function highlight(text: string, tokens: readonly string[], window?: number): string {
  const words = [...new Set(tokens.filter(Boolean))].sort((a, b) => b.length - a.length);
  const pattern = words.length ? new RegExp(words.map(escapeRegExp).join('|'), 'giu') : null;
  let part = text;
  let prefix = '';
  let suffix = '';
  if (window && text.length > window) {
    const first = pattern ? text.search(pattern) : -1;
    const start = first < 0 ? 0 : Math.max(0, first - Math.floor(window / 4));
    part = text.slice(start, start + window);
    prefix = start > 0 ? '…' : '';
    suffix = start + window < text.length ? '…' : '';
  }
  if (!pattern) return prefix + escapeHtml(part) + suffix;
  let out = '';
  let last = 0;
  for (const m of part.matchAll(pattern)) {
    out += escapeHtml(part.slice(last, m.index)) + '<em>' + escapeHtml(m[0]) + '</em>';
    last = (m.index ?? 0) + m[0].length;
  }
  return prefix + out + escapeHtml(part.slice(last)) + suffix;
}
