import { fileNameTitle } from '@zhiwen/shared';
import { markdownToBlocks, type Inline } from './markdown';

/** A file name without characters file systems refuse, at most 60 characters. */
export function docxFileName(title: string, now = new Date()): string {
  const safe = fileNameTitle(title, 60) || 'AI写作';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${safe}-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}.docx`;
}

/**
 * Saves an answer as a Word document. The `docx` package is loaded on the first export only, so it stays out of
 * the page's initial JavaScript.
 */
export async function exportDocx(title: string, markdown: string): Promise<void> {
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const HEADINGS = [
    HeadingLevel.HEADING_1,
    HeadingLevel.HEADING_2,
    HeadingLevel.HEADING_3,
    HeadingLevel.HEADING_4,
    HeadingLevel.HEADING_5,
    HeadingLevel.HEADING_6,
  ];
  // Line breaks inside a paragraph become Word line breaks.
  const runs = (content: Inline[], extra: { italics?: boolean; font?: string } = {}) =>
    content.flatMap((part) =>
      part.text.split('\n').map((line, i) => new TextRun({ text: line, bold: part.strong, break: i > 0 ? 1 : undefined, ...extra })),
    );

  const children = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] })];
  for (const block of markdownToBlocks(markdown)) {
    if (block.kind === 'heading') children.push(new Paragraph({ heading: HEADINGS[block.level - 1], children: runs(block.content) }));
    else if (block.kind === 'list') {
      block.items.forEach((item, i) =>
        children.push(
          block.ordered
            ? new Paragraph({ indent: { left: 360 }, children: runs([{ text: `${i + 1}. ` }, ...item]) })
            : new Paragraph({ bullet: { level: 0 }, children: runs(item) }),
        ),
      );
    } else if (block.kind === 'quote') children.push(new Paragraph({ indent: { left: 720 }, children: runs(block.content, { italics: true }) }));
    else if (block.kind === 'code') children.push(new Paragraph({ children: runs([{ text: block.text }], { font: 'Consolas' }) }));
    else if (block.kind === 'rule') children.push(new Paragraph({ children: [] }));
    else children.push(new Paragraph({ children: runs(block.content) }));
  }
  const document = new Document({ creator: 'AI写作', title, sections: [{ children }] });
  const blob = await Packer.toBlob(document);
  const url = URL.createObjectURL(blob);
  const link = Object.assign(window.document.createElement('a'), { href: url, download: docxFileName(title) });
  window.document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
