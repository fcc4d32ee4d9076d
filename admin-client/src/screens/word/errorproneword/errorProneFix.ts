/** Replaces every occurrence of `word` in plain text. */
export function replaceInText(text: string, word: string, replacement: string): string {
  return word ? text.split(word).join(replacement) : text;
}

/**
 * Replaces every occurrence of `word` in the text of an HTML body (parsed by the browser; tags, attributes, scripts
 * and styles are left alone) and answers the body again.
 */
export function replaceInHtml(html: string, word: string, replacement: string): string {
  if (!word || !html.includes(word)) return html;
  const doc = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}</body>`, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  let changed = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement?.tagName;
    if (parent === 'SCRIPT' || parent === 'STYLE') continue;
    const text = node.nodeValue ?? '';
    if (!text.includes(word)) continue;
    node.nodeValue = replaceInText(text, word, replacement);
    changed = true;
  }
  return changed ? doc.body.innerHTML : html;
}
