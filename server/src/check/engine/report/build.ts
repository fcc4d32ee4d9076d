// buildReport: the parsed document, the detections, source metadata and AIGC paragraph scores in, the report model out.
// Pure: no I/O, no clock unless `checkedAt` is left out. The rules are written out in docs/check-report.md.
import { aggregateScores } from '../aigc/aggregate';
import type { AigcModelInfo } from '../aigc/types';
import type { ParsedDocument, TextRange } from '../ingest/types';
import type { TypoHit } from '../typos/dictionary';
import { Coverage, isWhitespaceCode, mergeIntervals, type CoverageInterval } from './coverage';
import {
  DEFAULT_REPORT_RULES,
  REPORT_MODEL_VERSION,
  type AigcBand,
  type CheckReport,
  type ReportAigc,
  type ReportChapter,
  type ReportDetection,
  type ReportFragment,
  type ReportMark,
  type ReportParagraph,
  type ReportPassage,
  type ReportRules,
  type ReportSentence,
  type ReportSource,
  type ReportTypos,
  type SimilarityBand,
  type SourceMeta,
} from './types';

/** What buildReport needs. */
export interface BuildReportInput {
  document: ParsedDocument;
  detections: readonly ReportDetection[];
  /** Metadata of a source id; undefined lists the source as "#id" in the reference library. */
  source: (id: number) => SourceMeta | undefined;
  /** Full text of a source, to cut the source side of each passage for the comparison (optional). */
  sourceText?: (id: number) => string | undefined;
  /** The checked member: self-library sources with this memberId are their own earlier papers. */
  memberId?: string | number | null;
  /** AIGC scores, one per `document.paragraphs` entry (null = not scored), and the model that gave them. */
  aigc?: { model: AigcModelInfo; scores: readonly (number | null)[] } | null;
  rules?: Partial<ReportRules>;
  /** Occurrences of error-prone words in `document.text` and the version of the list searched; null: not searched. */
  typos?: { listVersion: string; hits: readonly TypoHit[] } | null;
  /** ISO time of the check (default: now). */
  checkedAt?: string;
}

/** Paragraph kinds scored for AI content: running text, not headings, captions, tables or excluded matter. */
const AIGC_KINDS = new Set(['body', 'abstract']);

/** Indexes of the paragraphs of a document that the AIGC scorer should score (prose outside excluded spans). */
export function aigcParagraphIndexes(document: Pick<ParsedDocument, 'paragraphs'>): number[] {
  const indexes: number[] = [];
  document.paragraphs.forEach((paragraph, i) => {
    if (!paragraph.excluded && AIGC_KINDS.has(paragraph.kind)) indexes.push(i);
  });
  return indexes;
}

/** The band of a sentence similarity (null below the yellow bound). */
export function similarityBand(similarity: number, bands: ReportRules['bands'] = DEFAULT_REPORT_RULES.bands): SimilarityBand | null {
  if (similarity >= bands.red) return 'red';
  if (similarity >= bands.orange) return 'orange';
  if (similarity >= bands.yellow) return 'yellow';
  return null;
}

/** The band of an AIGC paragraph score (null below the medium bound). */
export function aigcBand(score: number, bands: ReportRules['aigcBands'] = DEFAULT_REPORT_RULES.aigcBands): AigcBand | null {
  if (score >= bands.high) return 'high';
  if (score >= bands.medium) return 'medium';
  return null;
}

const ratio = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);

function isOwn(meta: SourceMeta, memberId: string | number | null | undefined): boolean {
  return meta.libraryKind === 'self' && memberId != null && meta.memberId != null && String(meta.memberId) === String(memberId);
}

interface KeptDetection {
  detection: ReportDetection;
  start: number;
  end: number;
  sourceId: number;
}

interface Row {
  title: string;
  role: ReportChapter['role'];
  start: number;
  end: number;
  excluded: boolean;
}

/** Rows of the chapter table: the front matter, each top-level chapter (with its sections), trailing notes. */
function chapterRows(document: ParsedDocument): { rows: Row[]; rowOfParagraph: number[] } {
  const { chapters, paragraphs, text } = document;
  const rows: Row[] = [];
  const rowOfChapter = new Map<number, number>();
  const firstStart = chapters.length ? Math.min(...chapters.map((chapter) => chapter.range.start)) : text.length;
  const hasFront = paragraphs.some((paragraph) => paragraph.chapter < 0 && paragraph.range.start < firstStart);
  if (hasFront)
    rows.push({
      title: chapters.length ? '' : document.title,
      role: chapters.length ? 'front' : 'body',
      start: 0,
      end: Math.min(firstStart, text.length),
      excluded: false,
    });
  chapters.forEach((chapter, k) => {
    if (chapter.parent >= 0) return;
    rowOfChapter.set(k, rows.length);
    rows.push({ title: chapter.title, role: chapter.role, start: chapter.range.start, end: chapter.range.end, excluded: chapter.excluded });
  });
  let notesRow = -1;
  const topOf = (k: number): number => {
    let c = k;
    while (chapters[c].parent >= 0) c = chapters[c].parent;
    return c;
  };
  const rowOfParagraph = paragraphs.map((paragraph) => {
    if (paragraph.chapter >= 0) return rowOfChapter.get(topOf(paragraph.chapter)) ?? 0;
    if (paragraph.range.start < firstStart && hasFront) return 0;
    // Paragraphs outside any chapter after the first heading: footnotes gathered at the end.
    if (notesRow < 0) {
      notesRow = rows.length;
      rows.push({ title: '', role: 'notes', start: paragraph.range.start, end: text.length, excluded: paragraph.excluded });
    }
    rows[notesRow].excluded &&= paragraph.excluded;
    return notesRow;
  });
  return { rows, rowOfParagraph };
}

/** Builds the serialisable report model of one check. */
export function buildReport(input: BuildReportInput): CheckReport {
  const { document } = input;
  const rules: ReportRules = { ...DEFAULT_REPORT_RULES, ...input.rules };
  const text = document.text;
  const n = text.length;
  const memberId = input.memberId ?? null;

  // Source metadata, once per id.
  const metaById = new Map<number, SourceMeta>();
  const metaOf = (id: number): SourceMeta => {
    let meta = metaById.get(id);
    if (!meta) {
      meta = input.source(id) ?? { id, title: `#${id}`, origin: '', libraryKind: 'reference' };
      metaById.set(id, meta);
    }
    return meta;
  };

  // Detections clipped to the text; those with no counted character (inside the references, say) are dropped.
  const clipped: KeptDetection[] = [];
  for (const detection of input.detections) {
    const start = Math.max(0, detection.thisOffset);
    const end = Math.min(n, detection.thisOffset + detection.thisLength);
    if (end > start) clipped.push({ detection, start, end, sourceId: detection.sourceId });
  }
  const intervals: CoverageInterval[] = clipped.map((d) => ({
    start: d.start,
    end: d.end,
    similarity: d.detection.similarity,
    own: isOwn(metaOf(d.sourceId), memberId),
  }));
  const coverage = new Coverage(document, intervals);
  const kept = clipped.filter((d) => coverage.countedIn(d.start, d.end) > 0);

  // Rows of the chapter table; counted characters of a range per row, through the paragraphs it overlaps (the
  // separators between paragraphs are never counted).
  const { rows, rowOfParagraph } = chapterRows(document);
  const paragraphRanges = document.paragraphs.map((paragraph) => paragraph.range);
  const addPerRow = (perRow: Int32Array, start: number, end: number) => {
    for (let k = firstEndingAfter(paragraphRanges, start); k < paragraphRanges.length && paragraphRanges[k].start < end; k++) {
      perRow[rowOfParagraph[k]] += coverage.countedIn(Math.max(start, paragraphRanges[k].start), Math.min(end, paragraphRanges[k].end));
    }
  };

  // Sources: union of each source's passages, counted once per source; per row for the chapter table.
  const bySource = new Map<number, KeptDetection[]>();
  for (const d of kept) {
    const list = bySource.get(d.sourceId);
    if (list) list.push(d);
    else bySource.set(d.sourceId, [d]);
  }
  interface SourceAcc {
    meta: SourceMeta;
    overlap: number;
    cited: number;
    passages: number;
    maxSimilarity: number;
    perRow: Int32Array;
  }
  const accs: SourceAcc[] = [];
  for (const [id, list] of bySource) {
    const union = mergeIntervals(list);
    const perRow = new Int32Array(rows.length);
    let overlap = 0;
    let cited = 0;
    for (const range of union) {
      overlap += coverage.countedIn(range.start, range.end);
      cited += coverage.citedDuplicateIn(range.start, range.end);
      addPerRow(perRow, range.start, range.end);
    }
    let maxSimilarity = 0;
    for (const d of list) maxSimilarity = Math.max(maxSimilarity, d.detection.similarity);
    accs.push({ meta: metaOf(id), overlap, cited, passages: list.length, maxSimilarity, perRow });
  }
  accs.sort((a, b) => b.overlap - a.overlap || b.maxSimilarity - a.maxSimilarity || a.meta.id - b.meta.id);
  const sourceIndex = new Map<number, number>(accs.map((acc, i) => [acc.meta.id, i]));
  const totalChars = coverage.countedIn(0, n);
  const sources: ReportSource[] = accs.map((acc) => ({
    id: acc.meta.id,
    title: acc.meta.title,
    origin: acc.meta.origin,
    libraryKind: acc.meta.libraryKind,
    own: isOwn(acc.meta, memberId),
    overlapChars: acc.overlap,
    citedChars: acc.cited,
    ratio: ratio(acc.overlap, totalChars),
    passages: acc.passages,
    maxSimilarity: acc.maxSimilarity,
  }));

  // Passages, in text order, with the source side cut out of the source text when it is available.
  const textOf = new Map<number, string | undefined>();
  const sourceTextOf = (id: number): string | undefined => {
    if (!input.sourceText) return undefined;
    if (!textOf.has(id)) textOf.set(id, input.sourceText(id));
    return textOf.get(id);
  };
  const ordered = [...kept].sort((a, b) => a.start - b.start || sourceIndex.get(a.sourceId)! - sourceIndex.get(b.sourceId)! || a.end - b.end);
  const passages: ReportPassage[] = ordered.map((d) => {
    const sourceStart = d.detection.sourceOffset;
    const sourceEnd = d.detection.sourceOffset + d.detection.sourceLength;
    return {
      source: sourceIndex.get(d.sourceId)!,
      start: d.start,
      end: d.end,
      sourceStart,
      sourceEnd,
      similarity: d.detection.similarity,
      match: (d.detection.identical ?? d.detection.similarity >= 1) ? 'identical' : 'similar',
      chars: coverage.countedIn(d.start, d.end),
      citedChars: coverage.citedDuplicateIn(d.start, d.end),
      sourceText: sourceTextOf(d.sourceId)?.slice(sourceStart, sourceEnd) ?? '',
    };
  });

  const fragments = buildFragments(passages, coverage);
  const marks = buildMarks(coverage);

  // Paragraphs, with AIGC scores when given.
  const scores = input.aigc?.scores;
  if (scores && scores.length !== document.paragraphs.length) {
    throw new Error(`buildReport: ${document.paragraphs.length} paragraphs but ${scores.length} AIGC scores`);
  }
  const paragraphText = (range: TextRange) => text.slice(range.start, range.end);
  const paragraphs: ReportParagraph[] = document.paragraphs.map((paragraph, i) => {
    const { start, end } = paragraph.range;
    const totalIn = coverage.countedIn(start, end);
    const duplicate = coverage.duplicateIn(start, end);
    const cited = coverage.citedDuplicateIn(start, end);
    const copied = duplicate - cited;
    const isText = !paragraph.excluded && paragraph.kind !== 'heading' && paragraph.kind !== 'title' && totalIn > 0;
    const score = scores?.[i] ?? null;
    const scored = score !== null && codePoints(paragraphText(paragraph.range)) >= rules.aigcMinChars;
    return {
      start,
      end,
      kind: paragraph.kind,
      chapter: rowOfParagraph[i],
      excluded: paragraph.excluded,
      totalChars: totalIn,
      duplicateChars: duplicate,
      citedChars: cited,
      copiedChars: copied,
      copiedShare: ratio(copied, totalIn),
      suspect: isText && ratio(copied, totalIn) > rules.suspectParagraphShare,
      aigcScore: scored ? score : null,
      aigcBand: scored ? aigcBand(score, rules.aigcBands) : null,
    };
  });
  const isTextParagraph = (p: ReportParagraph) => !p.excluded && p.kind !== 'heading' && p.kind !== 'title' && p.totalChars > 0;

  // AIGC aggregates, overall and per row.
  let aigc: ReportAigc | null = null;
  const aigcByRow = new Map<number, { weightedScore: number; flaggedShare: number; chars: number }>();
  if (input.aigc && scores) {
    const scoredIdx = scores.flatMap((score, i) => (score === null ? [] : [i]));
    const aggregate = aggregateScores(
      scoredIdx.map((i) => paragraphText(document.paragraphs[i].range)),
      scoredIdx.map((i) => scores[i]!),
      { threshold: rules.aigcThreshold, minChars: rules.aigcMinChars, groups: scoredIdx.map((i) => String(rowOfParagraph[i])) },
    );
    for (const group of aggregate.groups) {
      if (group.chars > 0)
        aigcByRow.set(Number(group.group), { weightedScore: group.weightedScore, flaggedShare: group.flaggedShare, chars: group.chars });
    }
    const scoredParagraphs = paragraphs.filter((p) => p.aigcScore !== null);
    aigc = {
      model: { ...input.aigc.model },
      weightedScore: aggregate.overall.weightedScore,
      flaggedShare: aggregate.overall.flaggedShare,
      chars: aggregate.overall.chars,
      skippedChars: aggregate.overall.skippedChars,
      flaggedChars: aggregate.overall.flaggedChars,
      paragraphsHigh: scoredParagraphs.filter((p) => p.aigcBand === 'high').length,
      paragraphsMedium: scoredParagraphs.filter((p) => p.aigcBand === 'medium').length,
      paragraphsScored: scoredParagraphs.length,
    };
  }

  // Chapter table.
  const chapters: ReportChapter[] = rows.map((row, r) => {
    const rowParagraphs = paragraphs.filter((p) => p.chapter === r);
    let total = 0;
    let duplicate = 0;
    let cited = 0;
    for (const p of rowParagraphs) {
      total += p.totalChars;
      duplicate += p.duplicateChars;
      cited += p.citedChars;
    }
    const topSources = accs
      .map((acc, source) => ({ source, chars: acc.perRow[r] }))
      .filter((entry) => entry.chars > 0)
      .sort((a, b) => b.chars - a.chars || a.source - b.source)
      .slice(0, rules.topSourcesPerChapter);
    const textParagraphs = rowParagraphs.filter(isTextParagraph);
    return {
      title: row.title,
      role: row.role,
      start: row.start,
      end: row.end,
      excluded: row.excluded,
      totalChars: total,
      duplicateChars: duplicate,
      citedChars: cited,
      copiedChars: duplicate - cited,
      totalRatio: ratio(duplicate, total),
      ratioExcludingCited: ratio(duplicate - cited, total),
      paragraphs: textParagraphs.length,
      suspectParagraphs: textParagraphs.filter((p) => p.suspect).length,
      topSources,
      aigc: aigcByRow.get(r) ?? null,
    };
  });

  // Sentences with any duplicate character.
  const sentences: ReportSentence[] = [];
  for (const sentence of document.sentences) {
    if (sentence.excluded) continue;
    const { start, end } = sentence.range;
    const counted = coverage.countedIn(start, end);
    if (counted === 0 || coverage.duplicateIn(start, end) === 0) continue;
    const similarity = coverage.copiedSimilarityIn(start, end) / counted;
    sentences.push({ start, end, paragraph: sentence.paragraph, similarity, band: similarityBand(similarity, rules.bands), cited: sentence.cited });
  }

  const duplicateChars = coverage.duplicateIn(0, n);
  const citedChars = coverage.citedDuplicateIn(0, n);
  const otherChars = coverage.otherDuplicateIn(0, n);
  const textParagraphs = paragraphs.filter(isTextParagraph);
  let excludedChars = 0;
  for (let i = 0; i < n; i++) if (coverage.excluded[i] && !isWhitespaceCode(text.charCodeAt(i))) excludedChars++;

  return {
    version: REPORT_MODEL_VERSION,
    checkedAt: input.checkedAt ?? new Date().toISOString(),
    document: {
      title: document.title,
      fileName: document.fileName,
      format: document.format,
      pageCount: document.pageCount,
      keywords: [...document.keywords],
    },
    text,
    rules: { ...rules, bands: { ...rules.bands }, aigcBands: { ...rules.aigcBands } },
    summary: {
      totalChars,
      duplicateChars,
      citedChars,
      copiedChars: duplicateChars - citedChars,
      totalRatio: ratio(duplicateChars, totalChars),
      ratioExcludingCited: ratio(duplicateChars - citedChars, totalChars),
      ratioExcludingSelf: ratio(otherChars, totalChars),
      ownChars: duplicateChars - otherChars,
      largestSourceRatio: sources.length ? sources[0].ratio : 0,
      largestSource: sources.length ? 0 : -1,
      paragraphs: textParagraphs.length,
      suspectParagraphs: textParagraphs.filter((p) => p.suspect).length,
      sourceCount: sources.length,
      excludedChars,
    },
    chapters,
    sources,
    passages,
    fragments,
    marks,
    excluded: document.excluded.map((entry) => ({ start: entry.range.start, end: entry.range.end, reason: entry.reason })),
    paragraphs,
    sentences,
    aigc,
    typos: input.typos ? buildTypos(input.typos, document, coverage) : null,
  };
}

/** Occurrences of error-prone words in counted paragraphs (not in the TOC, references or footnotes), with their paragraph. */
function buildTypos(typos: NonNullable<BuildReportInput['typos']>, document: ParsedDocument, coverage: Coverage): ReportTypos {
  const ranges = document.paragraphs.map((paragraph) => paragraph.range);
  const occurrences: ReportTypos['occurrences'] = [];
  for (const hit of [...typos.hits].sort((a, b) => a.start - b.start)) {
    if (hit.start < 0 || hit.end > coverage.length || hit.end <= hit.start) continue;
    if (coverage.excluded[hit.start] || coverage.excluded[hit.end - 1]) continue;
    const paragraph = firstEndingAfter(ranges, hit.start);
    if (paragraph >= ranges.length || ranges[paragraph].start > hit.start || document.paragraphs[paragraph].excluded) continue;
    occurrences.push({ start: hit.start, end: hit.end, wrong: hit.wrong, correct: hit.correct, paragraph });
  }
  return { listVersion: typos.listVersion, occurrences };
}

/** Index of the first of the sorted, disjoint ranges that ends after `offset`. */
function firstEndingAfter(ranges: readonly TextRange[], offset: number): number {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** Runs of overlapping passages, each listing its passages best first. */
function buildFragments(passages: ReportPassage[], coverage: Coverage): ReportFragment[] {
  const fragments: ReportFragment[] = [];
  passages.forEach((passage, i) => {
    const last = fragments[fragments.length - 1];
    if (last && passage.start < last.end) {
      last.end = Math.max(last.end, passage.end);
      last.passages.push(i);
    } else {
      fragments.push({ start: passage.start, end: passage.end, copiedChars: 0, citedChars: 0, passages: [i] });
    }
  });
  for (const fragment of fragments) {
    const duplicate = coverage.duplicateIn(fragment.start, fragment.end);
    fragment.citedChars = coverage.citedDuplicateIn(fragment.start, fragment.end);
    fragment.copiedChars = duplicate - fragment.citedChars;
    fragment.passages.sort((a, b) => passages[b].chars - passages[a].chars || passages[b].similarity - passages[a].similarity || a - b);
  }
  return fragments;
}

/** Copied (red) and cited (green) runs of covered characters outside the excluded spans. */
function buildMarks(coverage: Coverage): ReportMark[] {
  const marks: ReportMark[] = [];
  let current: ReportMark | null = null;
  for (let i = 0; i < coverage.length; i++) {
    const kind = coverage.covered[i] && !coverage.excluded[i] ? (coverage.cited[i] ? 'cited' : 'copied') : null;
    if (current && (kind !== current.kind || current.end !== i)) current = null;
    if (!kind) continue;
    if (!current) {
      current = { start: i, end: i + 1, kind };
      marks.push(current);
    } else {
      current.end = i + 1;
    }
  }
  return marks;
}
