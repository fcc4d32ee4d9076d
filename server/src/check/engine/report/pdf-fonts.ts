// The CJK fonts of PDF reports: Noto Sans SC Regular and Bold from the npm package @expo-google-fonts/noto-sans-sc (no
// system font). Read and parsed once per process (or worker thread): pdfkit accepts a parsed fontkit font, and reusing
// it keeps fontkit's glyph cache warm, which saves about half of the PDF time on the second and later reports.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The slice of a fontkit font the report uses (pdfkit embeds and subsets it). */
export interface ReportFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  layout(text: string): unknown;
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** A font with a cache of advance widths in em. */
export interface MeasuredFont {
  font: ReportFont;
  /** Advance of a code point in em. */
  advance(codePoint: number): number;
}

export const FONT_FILES = Object.freeze({
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
});

let fonts: { regular: MeasuredFont; bold: MeasuredFont } | undefined;

function measured(font: ReportFont): MeasuredFont {
  const cache = new Map<number, number>();
  return {
    font,
    advance(codePoint) {
      let width = cache.get(codePoint);
      if (width === undefined) {
        width = font.glyphForCodePoint(codePoint).advanceWidth / font.unitsPerEm;
        cache.set(codePoint, width);
      }
      return width;
    },
  };
}

/** The report fonts, loaded on first use. */
export function reportFonts(): { regular: MeasuredFont; bold: MeasuredFont } {
  if (!fonts) {
    // fontkit is pdfkit's own font engine; resolving it from pdfkit keeps the two in step without a dependency of ours.
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Uint8Array): ReportFont };
    const load = (file: string) => measured(fontkit.create(readFileSync(require.resolve(file))));
    fonts = { regular: load(FONT_FILES.regular), bold: load(FONT_FILES.bold) };
  }
  return fonts;
}
