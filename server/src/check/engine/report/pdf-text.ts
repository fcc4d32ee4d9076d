// Line layout of styled text for the PDF: our own, because pdfkit's line wrapper cannot paint a background behind part
// of a line (sentence bands) and measures every word through the shaper. Chinese breaks between any two characters;
// Latin words and numbers stay whole unless longer than a line; closing punctuation never starts a line (it hangs into
// the margin instead); spaces at a wrap are dropped.
import type { MeasuredFont } from './pdf-fonts';

/** How a run of text is drawn. Runs with the same style object share a segment. */
export interface TextStyle {
  color: string;
  background?: string | null;
  bold?: boolean;
}

/** A piece of text in one style. */
export interface Run {
  text: string;
  style: TextStyle;
}

/** A piece of a laid-out line: x is relative to the line start. */
export interface LaidSegment {
  text: string;
  x: number;
  width: number;
  style: TextStyle;
}

export interface LaidLine {
  segments: LaidSegment[];
  width: number;
}

const CLOSING = new Set([...'，。、；：？！）》」』”’〉】〕…,.;:?!)]}%']);
const WORD = /[A-Za-z0-9'’_\-.%]/;

/** Width in points of `text` at `size` (code points measured one by one, without kerning). */
export function measureText(text: string, size: number, font: MeasuredFont): number {
  let width = 0;
  for (const ch of text) width += font.advance(ch.codePointAt(0)!);
  return width * size;
}

/** Breaks styled runs into lines of at most `width` points (the first line starts at `indent`). */
export function layoutRuns(
  runs: readonly Run[],
  width: number,
  size: number,
  fonts: { regular: MeasuredFont; bold: MeasuredFont },
  indent = 0,
): LaidLine[] {
  const lines: LaidLine[] = [];
  let line: LaidLine = { segments: [], width: indent };
  const newLine = () => {
    lines.push(line);
    line = { segments: [], width: 0 };
  };
  const append = (token: string, tokenWidth: number, style: TextStyle) => {
    const last = line.segments[line.segments.length - 1];
    if (last && last.style === style) {
      last.text += token;
      last.width += tokenWidth;
    } else {
      line.segments.push({ text: token, x: line.width, width: tokenWidth, style });
    }
    line.width += tokenWidth;
  };
  for (const run of runs) {
    const font = run.style.bold ? fonts.bold : fonts.regular;
    const text = run.text;
    let i = 0;
    while (i < text.length) {
      const code = text.codePointAt(i)!;
      let token = String.fromCodePoint(code);
      if (token === '\n') {
        newLine();
        i += 1;
        continue;
      }
      if (WORD.test(token)) {
        let j = i + 1;
        while (j < text.length && WORD.test(text[j])) j++;
        token = text.slice(i, j);
      }
      i += token.length;
      const tokenWidth = measureText(token, size, font);
      const empty = line.segments.length === 0;
      if (token === ' ' || token === '\u3000') {
        // A space never starts a wrapped line.
        if (empty && lines.length > 0) continue;
        append(token, tokenWidth, run.style);
        continue;
      }
      if (line.width + tokenWidth > width && !empty && !CLOSING.has(token)) {
        newLine();
      }
      if (tokenWidth > width && token.length > 1) {
        // A Latin word longer than a line: character by character.
        for (const ch of token) {
          const w = measureText(ch, size, font);
          if (line.width + w > width && line.segments.length) newLine();
          append(ch, w, run.style);
        }
        continue;
      }
      append(token, tokenWidth, run.style);
    }
  }
  if (line.segments.length || lines.length === 0) lines.push(line);
  return lines;
}
