// .pdf through pdfjs-dist (ESM only, loaded with import() from our CommonJS build). Text items become lines here;
// pdf-layout.ts turns lines into paragraphs.
import path from 'node:path';
import { CheckInputError } from './errors';
import { itemsToLines, linesToBlocks, type PdfLine, type PdfTextItem } from './pdf-layout';
import type { ExtractedBlocks, IngestLimits } from './types';

// The slice of the pdfjs API we use (its own types are ESM-only and heavy).
interface PdfJsTextContent {
  items: Array<Partial<PdfTextItem> & { str?: string }>;
}
interface PdfJsPage {
  view: number[];
  getTextContent(params?: { includeMarkedContent?: boolean; disableNormalization?: boolean }): Promise<PdfJsTextContent>;
  cleanup(): boolean;
}
interface PdfJsDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfJsPage>;
}
interface PdfJsModule {
  getDocument(source: Record<string, unknown>): { promise: Promise<PdfJsDocument>; destroy(): Promise<void> };
}

// pdfjs-dist 6 calls Promise.withResolvers, which Node gained in 22; the rest of what it needs it polyfills itself.
function ensurePromiseWithResolvers(): void {
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  if (typeof promise.withResolvers === 'function') return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const created = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise: created, resolve, reject };
    },
  });
}

let pdfjsModule: Promise<PdfJsModule> | null = null;

function loadPdfJs(): Promise<PdfJsModule> {
  ensurePromiseWithResolvers();
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<PdfJsModule>;
  return pdfjsModule;
}

/** Folders of the installed pdfjs-dist data (CMaps for Chinese fonts, standard fonts), with the trailing slash pdfjs wants. */
export function pdfjsDataFolders(): { cMapUrl: string; standardFontDataUrl: string; wasmUrl: string; iccUrl: string } {
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const folder = (name: string) => path.join(root, name) + path.sep;
  return { cMapUrl: folder('cmaps'), standardFontDataUrl: folder('standard_fonts'), wasmUrl: folder('wasm'), iccUrl: folder('iccs') };
}

// Below this many visible characters per page on average, the pages are images of text.
const SCANNED_CHARS_PER_PAGE = 10;

/** Reads a PDF upload into paragraph blocks: `encrypted_pdf`, `scanned_pdf`, `corrupt_file` or `too_large` (pages) otherwise. */
export async function pdfToBlocks(buffer: Uint8Array, limits: IngestLimits): Promise<ExtractedBlocks> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdfjs takes ownership of (detaches) the array it gets, so it gets a copy.
    data: new Uint8Array(buffer),
    ...pdfjsDataFolders(),
    cMapPacked: true,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: PdfJsDocument;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if ((error as Error)?.name === 'PasswordException') throw new CheckInputError('encrypted_pdf', {}, { cause: error });
    throw new CheckInputError('corrupt_file', { format: 'pdf' }, { cause: error });
  }
  try {
    if (document.numPages > limits.maxPages) {
      throw new CheckInputError('too_large', { limit: 'pages', max: limits.maxPages, actual: document.numPages });
    }
    if (document.numPages === 0) throw new CheckInputError('empty');
    const pages: PdfLine[][] = [];
    let visibleChars = 0;
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent({ includeMarkedContent: false });
      const items = content.items.filter((item): item is PdfTextItem => typeof item.str === 'string' && Array.isArray(item.transform));
      for (const item of items) visibleChars += item.str.replace(/\s+/g, '').length;
      pages.push(itemsToLines(items, number, page.view[3] - page.view[1]));
      page.cleanup();
    }
    if (visibleChars < SCANNED_CHARS_PER_PAGE * document.numPages) throw new CheckInputError('scanned_pdf', { actual: visibleChars });
    const { blocks, removedLines } = linesToBlocks(pages);
    const warnings = removedLines ? [`dropped ${removedLines} running header/footer/page-number lines`] : [];
    return { blocks, styledHeadings: false, pageCount: document.numPages, warnings };
  } catch (error) {
    if (error instanceof CheckInputError) throw error;
    throw new CheckInputError('corrupt_file', { format: 'pdf' }, { cause: error });
  } finally {
    // Destroying the loading task ends the document and its (in-thread) worker.
    await task.destroy().catch(() => undefined);
  }
}
