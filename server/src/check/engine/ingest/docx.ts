// .docx through mammoth's document model (paragraphs with style names, tables, notes) rather than its HTML,
// so heading levels come from the author's styles and nothing needs an HTML parser.
import { CheckInputError } from './errors';
import { joinWrappedLines } from './text-utils';
import type { ExtractedBlocks, SourceBlock } from './types';

// The parts of mammoth's (untyped) document model that we read.
interface DocxElement {
  type: string;
  children?: DocxElement[];
  value?: string;
  styleName?: string | null;
  styleId?: string | null;
  breakType?: string;
  noteType?: string;
  noteId?: string;
  body?: DocxElement[];
}

interface DocxDocument extends DocxElement {
  notes?: { resolve(reference: { noteType?: string; noteId?: string }): DocxElement | null };
}

type BlockHint = SourceBlock['hint'];

const HEADING_STYLE = /^(?:heading|标题)\s*([1-9])$/i;
const HEADING_STYLE_ID = /^(?:heading)?([1-9])$/i;
const TITLE_STYLE = /^(?:title|标题|论文标题|题目)$/i;
const TOC_STYLE = /^(?:toc|目录)\s*[1-9]$/i;
const CAPTION_STYLE = /^(?:caption|题注|图题|表题)$/i;

/** Heading level of a paragraph style ("heading 2", "标题 2", style id "Heading2" or "2"), or null. */
export function headingLevelOfStyle(styleName: string | null | undefined, styleId: string | null | undefined): number | null {
  const byName = styleName ? HEADING_STYLE.exec(styleName.trim()) : null;
  if (byName) return Number(byName[1]);
  const byId = !styleName && styleId ? HEADING_STYLE_ID.exec(styleId.trim()) : null;
  return byId ? Number(byId[1]) : null;
}

class DocxWalker {
  readonly blocks: SourceBlock[] = [];
  private readonly notes: SourceBlock[] = [];
  private readonly noteNumbers = new Map<string, number>();

  constructor(private readonly document: DocxDocument) {}

  walk(elements: DocxElement[] | undefined, hint?: BlockHint): void {
    for (const element of elements ?? []) {
      if (element.type === 'paragraph') this.paragraph(element, hint);
      else if (element.type === 'table') this.walkTable(element);
      else this.walk(element.children, hint);
    }
  }

  /** Footnotes and endnotes follow the body, in the order they are first referenced. */
  finish(): SourceBlock[] {
    return [...this.blocks, ...this.notes];
  }

  private walkTable(table: DocxElement): void {
    for (const row of table.children ?? []) {
      for (const cell of row.children ?? []) this.walk(cell.children, 'table');
    }
  }

  private paragraph(paragraph: DocxElement, inherited?: BlockHint): void {
    const text = this.inlineText(paragraph.children);
    const level = headingLevelOfStyle(paragraph.styleName, paragraph.styleId);
    const styleName = paragraph.styleName?.trim() ?? '';
    let hint: BlockHint = inherited;
    if (!hint && TITLE_STYLE.test(styleName)) hint = 'title';
    else if (!hint && TOC_STYLE.test(styleName)) hint = 'toc';
    else if (!hint && CAPTION_STYLE.test(styleName)) hint = 'caption';
    // A line break inside a heading or the title is layout, not a new paragraph; table cells are never headings.
    const joined = () => text.split('\n').reduce((all, piece) => joinWrappedLines(all, piece), '');
    if (level && !inherited) {
      this.blocks.push({ text: joined(), headingLevel: level });
      return;
    }
    if (hint === 'title') {
      this.blocks.push({ text: joined(), hint });
      return;
    }
    for (const line of text.split('\n')) this.blocks.push(hint ? { text: line, hint } : { text: line });
  }

  private inlineText(children: DocxElement[] | undefined): string {
    let text = '';
    for (const child of children ?? []) {
      switch (child.type) {
        case 'text':
          text += child.value ?? '';
          break;
        case 'tab':
          text += '\t';
          break;
        case 'break':
          if (child.breakType === 'line') text += '\n';
          break;
        case 'noteReference':
          text += this.noteMarker(child);
          break;
        case 'paragraph':
          text += `\n${this.inlineText(child.children)}`;
          break;
        default:
          text += this.inlineText(child.children);
      }
    }
    return text;
  }

  // The reference becomes "^n" in the text (a footnote citation marker) and the note "^n text" after the body.
  private noteMarker(reference: DocxElement): string {
    const key = `${reference.noteType}-${reference.noteId}`;
    let number = this.noteNumbers.get(key);
    if (number === undefined) {
      number = this.noteNumbers.size + 1;
      this.noteNumbers.set(key, number);
      const note = this.document.notes?.resolve({ noteType: reference.noteType, noteId: reference.noteId });
      const body = (note?.body ?? []).map((element) => this.inlineText(element.type === 'paragraph' ? element.children : [element])).join(' ');
      this.notes.push({ text: `^${number} ${body.replace(/\n/g, ' ')}`, hint: 'footnote' });
    }
    return `^${number}`;
  }
}

/** Reads a .docx upload into paragraph blocks; a broken archive or document part is `corrupt_file`. */
export async function docxToBlocks(buffer: Uint8Array): Promise<ExtractedBlocks> {
  const mammoth = (await import('mammoth')).default;
  let captured: DocxDocument | null = null;
  let messages: Array<{ message: string }>;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(buffer.buffer, buffer.byteOffset, buffer.length) },
      {
        // We only need the model: capture it and hand mammoth an empty body so it renders no HTML.
        transformDocument: (document: DocxDocument) => {
          captured = document;
          return { ...document, children: [] };
        },
      },
    );
    messages = result.messages;
  } catch (error) {
    throw new CheckInputError('corrupt_file', { format: 'docx' }, { cause: error });
  }
  if (!captured) throw new CheckInputError('corrupt_file', { format: 'docx' });
  const walker = new DocxWalker(captured);
  walker.walk((captured as DocxDocument).children);
  const blocks = walker.finish();
  const styledHeadings = blocks.filter((block) => block.headingLevel).length >= 2;
  const warnings = [...new Set(messages.map((message) => message.message))].slice(0, 20);
  return { blocks, styledHeadings, pageCount: null, warnings };
}
