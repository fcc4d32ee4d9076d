// renderReportHtml: one self-contained HTML page (inline CSS and SVG, no scripts, no external resources); every text
// that comes from the paper, the sources or the caller is HTML-escaped.
import { chapterName, type ReportLabels } from './labels';
import {
  aigcChapterTable,
  aigcFigures,
  aigcLegend,
  chapterBars,
  COLORS,
  fullTextLegend,
  gaugeArc,
  gaugeColor,
  GAUGE_THRESHOLDS,
  headerFigures,
  integer,
  isHeadingKind,
  marksWithin,
  matchLabel,
  paragraphSegments,
  percent,
  resolveRenderOptions,
  shorten,
  summaryFigures,
  typoCount,
  typoRows,
  type LegendItem,
  type RenderOptions,
  type ReportScope,
  type TextSegment,
} from './present';
import type { CheckReport } from './types';

export type { RenderOptions, ReportScope, ReportVariant } from './present';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f5f6f8;color:${COLORS.text};font:14px/1.7 "Noto Sans SC","PingFang SC","Microsoft YaHei","Source Han Sans SC",sans-serif}
.report{max-width:960px;margin:0 auto;padding:24px 32px;background:#fff}
h1{font-size:22px;margin:0 0 4px}
h1 .variant{font-size:14px;font-weight:400;color:${COLORS.muted};margin-left:12px}
h2{font-size:17px;margin:28px 0 10px;padding-bottom:4px;border-bottom:2px solid ${COLORS.rule}}
h4{margin:0 0 4px;font-size:13px}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0 0;color:${COLORS.muted}}
dl.meta dt{font-weight:600}dl.meta dd{margin:0;word-break:break-all}
.charts{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
svg text{font-family:inherit}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border:1px solid ${COLORS.rule};padding:4px 8px;text-align:left;vertical-align:top}
th{background:${COLORS.header};font-weight:600}
td.num,th.num{text-align:right;white-space:nowrap}
table.figures td:nth-child(odd){background:${COLORS.header};font-weight:600;width:28%}
.excluded-row td{color:${COLORS.excluded}}
.tag{display:inline-block;padding:0 6px;border-radius:3px;background:#eef0f3;font-size:12px;margin-left:4px}
.tag.own{background:#fde8c8}
.legend{display:flex;flex-wrap:wrap;gap:6px 18px;font-size:12px;color:${COLORS.muted};margin:6px 0 12px}
.legend span{white-space:nowrap}
.note{background:#faf7ee;border-left:4px solid ${COLORS.gaugeMid};padding:8px 12px;font-size:13px}
.fulltext p{margin:4px 0;text-indent:2em;border-left:4px solid transparent;padding-left:8px;white-space:pre-wrap;word-break:break-all}
.fulltext p.heading{text-indent:0;font-weight:700;margin-top:12px}
.fulltext p.excluded{color:${COLORS.excluded}}
.fulltext p.ai-high{border-left-color:${COLORS.aigc.high}}
.fulltext p.ai-medium{border-left-color:${COLORS.aigc.medium}}
.ai-badge{font-size:11px;color:${COLORS.muted};margin-left:6px;text-indent:0;white-space:nowrap}
.ai-high .ai-badge{color:${COLORS.aigc.high};font-weight:600}
.m-copied{color:${COLORS.copied}}
.m-cited{color:${COLORS.cited}}
.b-red{background:${COLORS.band.red}}
.b-orange{background:${COLORS.band.orange}}
.b-yellow{background:${COLORS.band.yellow}}
.typo-wrong{color:${COLORS.copied};font-weight:700;text-decoration:underline wavy ${COLORS.copied}}
.typo-fix{color:${COLORS.cited};font-weight:600}
.swatch{display:inline-block;width:12px;height:12px;vertical-align:-1px;margin-right:4px;border-radius:2px}
sup.frag a{font-size:10px;color:${COLORS.muted};text-decoration:none;margin-right:2px}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px;border:1px solid ${COLORS.rule};padding:10px;margin:10px 0;break-inside:avoid}
.pair .side{white-space:pre-wrap;word-break:break-all;font-size:13px}
.pair .src{margin-bottom:10px}
.pair .src p{margin:2px 0;color:${COLORS.text}}
.pair .meta{color:${COLORS.muted};font-size:12px}
footer{margin-top:32px;font-size:12px;color:${COLORS.muted};border-top:1px solid ${COLORS.rule};padding-top:8px}
@media print{body{background:#fff}.report{padding:0}}
`;

/** Renders the report as one self-contained HTML page (scope 'aigc': the AIGC detection report). */
export function renderReportHtml(report: CheckReport, options: RenderOptions = {}): string {
  const { language, labels, variant, scope, comparedSources, title, variantLabel, disclaimer } = resolveRenderOptions(options);
  const out: string[] = [];
  out.push(
    `<!DOCTYPE html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${escapeHtml(`${title} · ${report.document.title}`)}</title><style>${CSS}</style></head><body><main class="report">`,
  );
  out.push(header(report, labels, title, variantLabel));
  out.push(summarySection(report, labels, scope));
  if (scope === 'all') {
    out.push(chapterSection(report, labels));
    out.push(sourceSection(report, labels));
    out.push(aigcSection(report, labels));
  } else {
    out.push(aigcChapterSection(report, labels));
    // Without a score the summary already says so.
    if (report.aigc) out.push(aigcSection(report, labels));
  }
  out.push(typoSection(report, labels));
  out.push(fullTextSection(report, labels, variant === 'full', scope));
  if (variant === 'full') out.push(comparisonSection(report, labels, comparedSources));
  out.push(`<footer>${escapeHtml(disclaimer)}</footer></main></body></html>`);
  return out.filter((part) => part !== '').join('\n');
}

function header(report: CheckReport, labels: ReportLabels, title: string, variantLabel: string | null): string {
  const rows = headerFigures(report, labels);
  const variant = variantLabel === null ? '' : `<span class="variant">${escapeHtml(variantLabel)}</span>`;
  return (
    `<header><h1>${escapeHtml(title)}${variant}</h1>` +
    `<dl class="meta">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl></header>`
  );
}

function legendHtml(items: readonly LegendItem[]): string {
  return `<div class="legend">${items.map((item) => `<span><i class="swatch" style="background:${item.color}"></i>${escapeHtml(item.label)}</span>`).join('')}</div>`;
}

function gaugeSvg(value: number, label: string, thresholds: readonly [number, number]): string {
  const color = gaugeColor(value, thresholds[0], thresholds[1]);
  const value01 = Math.min(1, Math.max(0, value));
  return (
    `<svg width="200" height="128" viewBox="0 0 200 128" role="img" aria-label="${escapeHtml(`${label} ${percent(value)}`)}">` +
    `<path d="${gaugeArc(100, 100, 80, 0, 1)}" fill="none" stroke="${COLORS.gaugeTrack}" stroke-width="18"/>` +
    (value01 > 0 ? `<path d="${gaugeArc(100, 100, 80, 0, value01)}" fill="none" stroke="${color}" stroke-width="18"/>` : '') +
    `<text x="100" y="96" text-anchor="middle" font-size="26" font-weight="700" fill="${color}">${escapeHtml(percent(value))}</text>` +
    `<text x="100" y="122" text-anchor="middle" font-size="12" fill="${COLORS.muted}">${escapeHtml(label)}</text></svg>`
  );
}

function summarySection(report: CheckReport, labels: ReportLabels, scope: ReportScope): string {
  const figures = summaryFigures(report, labels, scope);
  const rows: string[] = [];
  for (let i = 0; i < figures.length; i += 2) {
    const cells = figures.slice(i, i + 2).map(([k, v]) => `<td>${escapeHtml(k)}</td><td class="num">${escapeHtml(v)}</td>`);
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  const gauges = scope === 'all' ? [gaugeSvg(report.summary.totalRatio, labels.chartRatio, GAUGE_THRESHOLDS.ratio)] : [];
  if (report.aigc) gauges.push(gaugeSvg(report.aigc.weightedScore, labels.aiFeatureValue, GAUGE_THRESHOLDS.aigc));
  const charts = gauges.length ? `<div class="charts">${gauges.join('')}</div>` : '';
  // Only the AIGC report can be without figures: no scorer ran.
  const body = rows.length ? `<table class="figures">${rows.join('')}</table>` : `<p>${escapeHtml(labels.aigcNotRun)}</p>`;
  return `<section class="summary"><h2>${escapeHtml(labels.summary)}</h2>${charts}${body}</section>`;
}

function barsSvg(report: CheckReport, labels: ReportLabels): string {
  const bars = chapterBars(report.chapters, labels);
  if (!bars.length) return '';
  const rowH = 24;
  const labelW = 200;
  const barW = 380;
  const height = bars.length * rowH + 24;
  const parts = [`<svg width="660" height="${height}" viewBox="0 0 660 ${height}" role="img" aria-label="${escapeHtml(labels.chartChapters)}">`];
  bars.forEach((bar, i) => {
    const y = 8 + i * rowH;
    const copiedW = Math.min(1, bar.copied) * barW;
    const citedW = Math.min(1 - Math.min(1, bar.copied), bar.cited) * barW;
    parts.push(
      `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end" font-size="12" fill="${COLORS.text}">${escapeHtml(shorten(bar.label, 16))}</text>`,
      `<rect x="${labelW}" y="${y + 3}" width="${barW}" height="16" fill="${COLORS.gaugeTrack}"/>`,
      copiedW > 0 ? `<rect x="${labelW}" y="${y + 3}" width="${copiedW.toFixed(1)}" height="16" fill="${COLORS.copied}"/>` : '',
      citedW > 0 ? `<rect x="${(labelW + copiedW).toFixed(1)}" y="${y + 3}" width="${citedW.toFixed(1)}" height="16" fill="${COLORS.cited}"/>` : '',
      `<text x="${labelW + barW + 8}" y="${y + 15}" font-size="12" fill="${COLORS.text}">${escapeHtml(percent(bar.total))}</text>`,
    );
  });
  parts.push(`<text x="${labelW}" y="${height - 2}" font-size="11" fill="${COLORS.muted}">${escapeHtml(labels.chartChapters)}</text></svg>`);
  return parts.join('');
}

function chapterSection(report: CheckReport, labels: ReportLabels): string {
  const c = labels.columns;
  const head = [labels.chapter, c.chars, c.duplicate, c.ratio, c.ratioExcludingCited, c.paragraphs, labels.topSources];
  if (report.aigc) head.push(c.aigc);
  const rows = report.chapters.map((chapter) => {
    const name = chapterName(chapter, labels);
    if (chapter.excluded) {
      return `<tr class="excluded-row"><td>${escapeHtml(name)}</td><td colspan="${head.length - 1}">${escapeHtml(labels.notCounted)}</td></tr>`;
    }
    const sources =
      chapter.topSources.map((entry) => `${escapeHtml(shorten(report.sources[entry.source].title, 30))}（${integer(entry.chars)}）`).join('<br>') ||
      escapeHtml(labels.none);
    const cells = [
      `<td>${escapeHtml(name)}</td>`,
      `<td class="num">${integer(chapter.totalChars)}</td>`,
      `<td class="num">${integer(chapter.duplicateChars)}</td>`,
      `<td class="num">${percent(chapter.totalRatio)}</td>`,
      `<td class="num">${percent(chapter.ratioExcludingCited)}</td>`,
      `<td class="num">${chapter.suspectParagraphs} / ${chapter.paragraphs}</td>`,
      `<td>${sources}</td>`,
    ];
    if (report.aigc) cells.push(`<td class="num">${chapter.aigc ? percent(chapter.aigc.weightedScore) : '–'}</td>`);
    return `<tr>${cells.join('')}</tr>`;
  });
  return (
    `<section class="chapters"><h2>${escapeHtml(labels.chapterTable)}</h2>${barsSvg(report, labels)}` +
    `<table><thead><tr>${head.map((h, i) => `<th${i > 0 && i < 6 ? ' class="num"' : ''}>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`
  );
}

function aigcChapterSection(report: CheckReport, labels: ReportLabels): string {
  const { head, rows } = aigcChapterTable(report, labels);
  if (!rows.length) return '';
  const cell = (tag: 'th' | 'td', text: string, i: number) => `<${tag}${i > 0 ? ' class="num"' : ''}>${escapeHtml(text)}</${tag}>`;
  return (
    `<section class="chapters"><h2>${escapeHtml(labels.chapterTable)}</h2><table><thead><tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr></thead>` +
    `<tbody>${rows.map((row) => `<tr>${row.map((v, i) => cell('td', v, i)).join('')}</tr>`).join('')}</tbody></table></section>`
  );
}

function sourceSection(report: CheckReport, labels: ReportLabels): string {
  if (!report.sources.length) return `<section class="sources"><h2>${escapeHtml(labels.sourceList)}</h2><p>${escapeHtml(labels.none)}</p></section>`;
  const rows = report.sources.map((source, i) => {
    const own = source.own ? `<span class="tag own">${escapeHtml(labels.ownPaper)}</span>` : '';
    return (
      `<tr><td class="num">${i + 1}</td><td>${escapeHtml(source.title)}${own}</td><td>${escapeHtml(source.origin)}</td>` +
      `<td>${escapeHtml(labels.libraryKinds[source.libraryKind])}</td><td class="num">${integer(source.overlapChars)}</td>` +
      `<td class="num">${percent(source.ratio)}</td><td class="num">${source.passages}</td><td class="num">${percent(source.maxSimilarity)}</td></tr>`
    );
  });
  const head = ['#', labels.sourceTitle, labels.origin, labels.library, labels.overlapChars, labels.ratio, labels.passages, labels.similarity];
  return (
    `<section class="sources"><h2>${escapeHtml(labels.sourceList)}</h2><table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table></section>`
  );
}

function aigcSection(report: CheckReport, labels: ReportLabels): string {
  if (!report.aigc) return `<section class="aigc"><h2>${escapeHtml(labels.aigcTitle)}</h2><p>${escapeHtml(labels.aigcNotRun)}</p></section>`;
  const rows = aigcFigures(report, labels).map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`);
  return (
    `<section class="aigc"><h2>${escapeHtml(labels.aigcTitle)}</h2><table class="figures">${rows.join('')}</table>` +
    `<p class="note"><strong>${escapeHtml(labels.aigcDisclaimer)}</strong></p>${legendHtml(aigcLegend(labels))}</section>`
  );
}

/** 疑似错别字: each occurrence in its context with the wrong form marked, its correction and paragraph; '' without the section. */
function typoSection(report: CheckReport, labels: ReportLabels): string {
  const rows = typoRows(report, labels);
  if (rows === null) return '';
  const heading = `<h2>${escapeHtml(labels.typoTitle)}</h2>`;
  if (!rows.length) return `<section class="typos">${heading}<p>${escapeHtml(labels.typoNone)}</p></section>`;
  const c = labels.typoColumns;
  const body = rows.map(
    (row, i) =>
      `<tr><td class="num">${i + 1}</td><td>${escapeHtml(row.before)}<span class="typo-wrong">${escapeHtml(row.wrong)}</span>${escapeHtml(row.after)}</td>` +
      `<td class="typo-fix">${escapeHtml(row.correct)}</td><td>${escapeHtml(row.position)}</td></tr>`,
  );
  return (
    `<section class="typos">${heading}<p>${escapeHtml(typoCount(report, labels))}</p>` +
    `<table><thead><tr><th>#</th><th>${escapeHtml(c.context)}</th><th>${escapeHtml(c.correct)}</th><th>${escapeHtml(c.position)}</th></tr></thead>` +
    `<tbody>${body.join('')}</tbody></table><p class="note">${escapeHtml(labels.typoNote)}</p></section>`
  );
}

function segmentHtml(text: string, segment: TextSegment, linkFragments: boolean): string {
  const classes: string[] = [];
  if (segment.mark) classes.push(`m-${segment.mark}`);
  if (segment.band) classes.push(`b-${segment.band}`);
  const body = escapeHtml(text.slice(segment.start, segment.end));
  const anchor = segment.fragment
    ? `<sup class="frag" id="t${segment.fragment}">${linkFragments ? `<a href="#f${segment.fragment}">[${segment.fragment}]</a>` : ''}</sup>`
    : '';
  return anchor + (classes.length ? `<span class="${classes.join(' ')}">${body}</span>` : body);
}

function fullTextSection(report: CheckReport, labels: ReportLabels, linkFragments: boolean, scope: ReportScope): string {
  const segments = paragraphSegments(report, scope);
  const paragraphs = report.paragraphs.map((paragraph, i) => {
    const classes: string[] = [];
    if (isHeadingKind(paragraph.kind)) classes.push('heading');
    if (paragraph.excluded) classes.push('excluded');
    if (paragraph.aigcBand) classes.push(`ai-${paragraph.aigcBand}`);
    const body = segments[i].map((segment) => segmentHtml(report.text, segment, linkFragments)).join('');
    const badge = paragraph.aigcScore !== null ? `<span class="ai-badge">AI ${percent(paragraph.aigcScore)}</span>` : '';
    return `<p${classes.length ? ` class="${classes.join(' ')}"` : ''}>${body}${badge}</p>`;
  });
  const heading = scope === 'aigc' ? labels.aigcFullText : labels.fullText;
  return `<section class="fulltext"><h2>${escapeHtml(heading)}</h2>${legendHtml(fullTextLegend(report, labels, scope))}${paragraphs.join('\n')}</section>`;
}

function markedHtml(report: CheckReport, start: number, end: number): string {
  const parts: string[] = [];
  let at = start;
  for (const mark of marksWithin(report.marks, start, end)) {
    if (mark.start > at) parts.push(escapeHtml(report.text.slice(at, mark.start)));
    parts.push(`<span class="m-${mark.kind}">${escapeHtml(report.text.slice(mark.start, mark.end))}</span>`);
    at = mark.end;
  }
  if (at < end) parts.push(escapeHtml(report.text.slice(at, end)));
  return parts.join('');
}

function comparisonSection(report: CheckReport, labels: ReportLabels, compared: number): string {
  if (!report.fragments.length)
    return `<section class="comparison"><h2>${escapeHtml(labels.comparison)}</h2><p>${escapeHtml(labels.comparisonNone)}</p></section>`;
  const pairs = report.fragments.map((fragment, i) => {
    const n = i + 1;
    const sources = fragment.passages.slice(0, Math.max(1, compared)).map((p) => {
      const passage = report.passages[p];
      const source = report.sources[passage.source];
      const own = source.own ? `<span class="tag own">${escapeHtml(labels.ownPaper)}</span>` : '';
      const body = passage.sourceText ? escapeHtml(passage.sourceText) : escapeHtml(labels.sourceTextMissing);
      return (
        `<div class="src"><h4>${escapeHtml(source.title)}${own}</h4><div class="meta">${escapeHtml(source.origin)} · ${escapeHtml(matchLabel(passage, labels))} · ${escapeHtml(labels.overlapChars)} ${integer(passage.chars)}</div>` +
        `<p>${body}</p></div>`
      );
    });
    return (
      `<div class="pair" id="f${n}"><div class="side"><h4><a href="#t${n}">${escapeHtml(labels.fragment)} ${n}</a></h4>` +
      `<div class="meta">${escapeHtml(labels.copiedChars)} ${integer(fragment.copiedChars)} · ${escapeHtml(labels.citedChars)} ${integer(fragment.citedChars)}</div>` +
      `<p>${markedHtml(report, fragment.start, fragment.end)}</p></div><div class="side"><h4>${escapeHtml(labels.sourceText)}</h4>${sources.join('')}</div></div>`
    );
  });
  return `<section class="comparison"><h2>${escapeHtml(labels.comparison)}</h2>${pairs.join('\n')}</section>`;
}
