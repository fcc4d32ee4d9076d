// Plain text: UTF-8 (with or without BOM), UTF-16 with BOM, else GB18030 (what Chinese Windows Notepad saved for years).
import { CheckInputError } from './errors';
import { joinWrappedLines } from './text-utils';
import type { ExtractedBlocks, SourceBlock } from './types';

/** Decodes a text file: BOMs first, then strict UTF-8, then GB18030. */
export function decodeText(buffer: Uint8Array): { text: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' } {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(buffer.subarray(3)), encoding: 'utf-8' };
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(buffer.subarray(2)), encoding: 'utf-16le' };
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(buffer.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8' };
  } catch {
    // Any byte sequence that is not valid UTF-8 is read as GB18030, which covers GBK and GB2312.
    return { text: new TextDecoder('gb18030').decode(buffer), encoding: 'gb18030' };
  }
}

// Text with NULs or many control characters is a binary file with no known signature.
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 20_000);
  if (sample.includes('\u0000')) return true;
  let controls = 0;
  for (const ch of sample) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 && ch !== '\n' && ch !== '\r' && ch !== '\t' && ch !== '\f') controls++;
  }
  return controls > sample.length * 0.01;
}

/** Reads a .txt upload into paragraph blocks. */
export function txtToBlocks(buffer: Uint8Array): ExtractedBlocks {
  const { text, encoding } = decodeText(buffer);
  if (looksBinary(text)) throw new CheckInputError('unsupported_type', { format: 'binary' });
  const lines = text.replace(/\r\n?/g, '\n').replace(/\f/g, '\n').split('\n');
  return { blocks: linesToBlocks(lines), styledHeadings: false, pageCount: null, warnings: encoding === 'utf-8' ? [] : [`decoded as ${encoding}`] };
}

/**
 * Groups text lines into paragraphs. Usually one line is one paragraph; a hard-wrapped file (paragraphs separated
 * by blank lines, lines of nearly equal length inside them) gets its wrapped lines joined back.
 */
export function linesToBlocks(lines: string[]): SourceBlock[] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const raw of lines) {
    const line = raw.replace(/[\s\u3000]+$/u, '');
    if (line.trim() === '') {
      if (current.length) groups.push(current);
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length) groups.push(current);
  const wrapped = isHardWrapped(groups);
  const blocks: SourceBlock[] = [];
  for (const group of groups) {
    if (wrapped && group.length > 1) {
      blocks.push(...joinWrappedGroup(group).map((text) => ({ text })));
    } else {
      blocks.push(...group.map((line) => ({ text: line })));
    }
  }
  return blocks;
}

function displayWidth(line: string): number {
  let width = 0;
  for (const ch of line.trim()) width += ch.charCodeAt(0) > 0x2e80 ? 2 : 1;
  return width;
}

// Hard-wrapped: blank lines separate groups, and most non-final lines of multi-line groups fill the usual width.
function isHardWrapped(groups: string[][]): boolean {
  const inner = groups.filter((group) => group.length > 1).flatMap((group) => group.slice(0, -1));
  if (inner.length < 3 || groups.length < 2) return false;
  const widths = inner.map(displayWidth).sort((a, b) => a - b);
  const typical = widths[Math.floor(widths.length * 0.75)];
  if (typical < 40) return false;
  const full = widths.filter((width) => width >= typical * 0.85 && width <= typical * 1.1).length;
  return full >= inner.length * 0.7;
}

// Inside a wrapped group, an indented line starts a paragraph and a line clearly shorter than the width ends one.
function joinWrappedGroup(group: string[]): string[] {
  const width = Math.max(...group.map(displayWidth));
  const out: string[] = [];
  let paragraph = '';
  for (const line of group) {
    if (paragraph && /^[\s\u3000]/u.test(line)) {
      out.push(paragraph);
      paragraph = '';
    }
    paragraph = paragraph ? joinWrappedLines(paragraph, line.trim()) : line.trim();
    if (displayWidth(line) < width * 0.8) {
      out.push(paragraph);
      paragraph = '';
    }
  }
  if (paragraph) out.push(paragraph);
  return out;
}
