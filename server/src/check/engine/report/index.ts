// Public surface of the report stage: the report model, its builder and its HTML and PDF renderers.
export { aigcBand, aigcParagraphIndexes, buildReport, similarityBand, type BuildReportInput } from './build';
export { escapeHtml, renderReportHtml, type RenderOptions, type ReportScope, type ReportVariant } from './html';
export { REPORT_LABELS, reportLabels, type ReportLabels, type ReportLanguage } from './labels';
export { renderReportPdf, type PdfRenderOptions } from './pdf';
export * from './types';
