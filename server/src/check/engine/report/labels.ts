// Report labels in the three product languages (the engine has no i18n framework; zh-CN is the default).
import type { AigcBand, LibraryKind, SimilarityBand } from './types';
import type { ChapterRole, ExclusionReason } from '../ingest/types';

/** Languages a report can be rendered in. */
export type ReportLanguage = 'zh-CN' | 'zh-TW' | 'en';

/** Every text a rendered report shows besides the paper itself. */
export interface ReportLabels {
  reportTitle: string;
  /** Title of the AIGC detection report (scope 'aigc'). */
  aigcReportTitle: string;
  variantConcise: string;
  variantFull: string;
  documentTitle: string;
  fileName: string;
  checkedAt: string;
  reportVersion: string;
  summary: string;
  totalRatio: string;
  ratioExcludingCited: string;
  ratioExcludingSelf: string;
  largestSourceRatio: string;
  duplicateChars: string;
  copiedChars: string;
  citedChars: string;
  totalChars: string;
  excludedChars: string;
  paragraphs: string;
  suspectParagraphs: string;
  sourceCount: string;
  chapterTable: string;
  /** Short column heads of the chapter table. */
  columns: { chars: string; duplicate: string; ratio: string; ratioExcludingCited: string; paragraphs: string; aigc: string };
  chapter: string;
  chars: string;
  ratio: string;
  topSources: string;
  notCounted: string;
  roles: Record<'front' | 'notes', string>;
  sourceList: string;
  sourceTitle: string;
  origin: string;
  library: string;
  libraryKinds: Record<LibraryKind, string>;
  ownPaper: string;
  overlapChars: string;
  passages: string;
  similarity: string;
  /** A passage's kind in the comparison: the same text, or a similar (disguised) one shown with its similarity. */
  matchKinds: Record<'identical' | 'similar', string>;
  fullText: string;
  legendCopied: string;
  legendCited: string;
  legendExcluded: string;
  bands: Record<SimilarityBand, string>;
  excludedReasons: Record<ExclusionReason, string>;
  comparison: string;
  comparisonNone: string;
  fragment: string;
  thisText: string;
  sourceText: string;
  sourceTextMissing: string;
  aigcTitle: string;
  aiFeatureValue: string;
  aigcFlaggedShare: string;
  aigcModel: string;
  aigcNotRun: string;
  aigcBands: Record<AigcBand, string>;
  aigcParagraphs: string;
  aigcScoredChars: string;
  aigcFlaggedChars: string;
  aigcSkippedChars: string;
  /** Heading of the full text of the AIGC report. */
  aigcFullText: string;
  aigcDisclaimer: string;
  /** Closing disclaimer of the AIGC report (no copy ratios in it). */
  aigcReportDisclaimer: string;
  /** The error-prone words section (疑似错别字). */
  typoTitle: string;
  typoNone: string;
  typoNote: string;
  /** "{count}" occurrences of "{words}" distinct wrong forms. */
  typoCount: string;
  typoColumns: { context: string; correct: string; position: string };
  /** "{n}": the paragraph number. */
  typoPosition: string;
  none: string;
  chartRatio: string;
  chartChapters: string;
  disclaimer: string;
}

const ZH_CN: ReportLabels = {
  reportTitle: '文本复制检测报告单',
  aigcReportTitle: 'AIGC检测报告单',
  variantConcise: '简洁版',
  variantFull: '全文对照版',
  documentTitle: '篇名',
  fileName: '文件名',
  checkedAt: '检测时间',
  reportVersion: '报告版本',
  summary: '检测结果',
  totalRatio: '总文字复制比',
  ratioExcludingCited: '去除引用文献复制比',
  ratioExcludingSelf: '去除本人文献复制比',
  largestSourceRatio: '单篇最大文字复制比',
  duplicateChars: '重复字数',
  copiedChars: '复制字数',
  citedChars: '引用字数',
  totalChars: '总字数',
  excludedChars: '不计入检测的字数',
  paragraphs: '总段落数',
  suspectParagraphs: '疑似段落数',
  sourceCount: '相似文献数',
  chapterTable: '各章节检测结果',
  columns: {
    chars: '总字数',
    duplicate: '重复字数',
    ratio: '复制比',
    ratioExcludingCited: '去除引用复制比',
    paragraphs: '疑似 / 总段落',
    aigc: 'AI 特征值',
  },
  chapter: '章节',
  chars: '字数',
  ratio: '复制比',
  topSources: '主要相似来源',
  notCounted: '不计入检测',
  roles: { front: '前置部分', notes: '脚注' },
  sourceList: '相似文献列表',
  sourceTitle: '题名',
  origin: '来源',
  library: '比对库',
  libraryKinds: { reference: '比对文献库', cms: '网站内容库', self: '自建库' },
  ownPaper: '本人文献',
  overlapChars: '重合字数',
  passages: '片段数',
  similarity: '相似度',
  matchKinds: { identical: '相同', similar: '相似' },
  fullText: '全文标明引文',
  legendCopied: '红色文字：复制部分',
  legendCited: '绿色文字：引用部分',
  legendExcluded: '灰色文字：不计入检测（目录、参考文献、脚注）',
  bands: { red: '句子相似度 ≥ 80%', orange: '句子相似度 50%–79%', yellow: '句子相似度 30%–49%' },
  excludedReasons: { toc: '目录', references: '参考文献', footnotes: '脚注' },
  comparison: '全文对照',
  comparisonNone: '未发现复制片段。',
  fragment: '片段',
  thisText: '送检文本',
  sourceText: '相似来源原文',
  sourceTextMissing: '（来源原文不可用）',
  aigcTitle: 'AIGC（AI 生成内容）检测',
  aiFeatureValue: 'AI 特征值',
  aigcFlaggedShare: '疑似 AI 生成文字占比',
  aigcModel: '检测模型',
  aigcNotRun: '未进行 AI 生成内容检测。',
  aigcBands: { high: '显著 AI 特征（≥ 80%）', medium: '疑似 AI 特征（50%–79%）' },
  aigcParagraphs: '段落（显著 / 疑似 / 已检测）',
  aigcScoredChars: '已检测字数',
  aigcFlaggedChars: '疑似 AI 生成字数',
  aigcSkippedChars: '未检测字数（段落过短）',
  aigcFullText: '全文标明 AI 特征',
  aigcDisclaimer:
    'AI 生成内容的检测结果仅供参考：分值是根据写作风格估计的统计特征，不能证明文本由机器或人工写成；正式、规范的人工写作也可能得到较高分值；而经 AI 润色或改写过的文字常常识别不出，分值低也不代表未使用 AI。请结合人工判断使用。',
  typoTitle: '疑似错别字',
  typoNone: '未发现疑似错别字。',
  typoNote: '按易错词表自动标出，仅供参考，请结合上下文核对。',
  typoCount: '共 {count} 处（{words} 个词）',
  typoColumns: { context: '上下文', correct: '建议改为', position: '位置' },
  typoPosition: '第 {n} 段',
  none: '无',
  chartRatio: '总文字复制比',
  chartChapters: '各章节复制比',
  disclaimer: '本报告由系统自动生成，检测结果仅供参考。复制比按字符计算，不含空白字符及目录、参考文献、脚注。',
  aigcReportDisclaimer: '本报告由系统自动生成，检测结果仅供参考。AI 特征值是已检测段落按字数加权的平均分值，过短的段落不计入。',
};

const ZH_TW: ReportLabels = {
  reportTitle: '文本複製檢測報告單',
  aigcReportTitle: 'AIGC檢測報告單',
  variantConcise: '簡潔版',
  variantFull: '全文對照版',
  documentTitle: '篇名',
  fileName: '檔案名稱',
  checkedAt: '檢測時間',
  reportVersion: '報告版本',
  summary: '檢測結果',
  totalRatio: '總文字複製比',
  ratioExcludingCited: '去除引用文獻複製比',
  ratioExcludingSelf: '去除本人文獻複製比',
  largestSourceRatio: '單篇最大文字複製比',
  duplicateChars: '重複字數',
  copiedChars: '複製字數',
  citedChars: '引用字數',
  totalChars: '總字數',
  excludedChars: '不計入檢測的字數',
  paragraphs: '總段落數',
  suspectParagraphs: '疑似段落數',
  sourceCount: '相似文獻數',
  chapterTable: '各章節檢測結果',
  columns: {
    chars: '總字數',
    duplicate: '重複字數',
    ratio: '複製比',
    ratioExcludingCited: '去除引用複製比',
    paragraphs: '疑似 / 總段落',
    aigc: 'AI 特徵值',
  },
  chapter: '章節',
  chars: '字數',
  ratio: '複製比',
  topSources: '主要相似來源',
  notCounted: '不計入檢測',
  roles: { front: '前置部分', notes: '註腳' },
  sourceList: '相似文獻列表',
  sourceTitle: '題名',
  origin: '來源',
  library: '比對庫',
  libraryKinds: { reference: '比對文獻庫', cms: '網站內容庫', self: '自建庫' },
  ownPaper: '本人文獻',
  overlapChars: '重合字數',
  passages: '片段數',
  similarity: '相似度',
  matchKinds: { identical: '相同', similar: '相似' },
  fullText: '全文標明引文',
  legendCopied: '紅色文字：複製部分',
  legendCited: '綠色文字：引用部分',
  legendExcluded: '灰色文字：不計入檢測（目錄、參考文獻、註腳）',
  bands: { red: '句子相似度 ≥ 80%', orange: '句子相似度 50%–79%', yellow: '句子相似度 30%–49%' },
  excludedReasons: { toc: '目錄', references: '參考文獻', footnotes: '註腳' },
  comparison: '全文對照',
  comparisonNone: '未發現複製片段。',
  fragment: '片段',
  thisText: '送檢文本',
  sourceText: '相似來源原文',
  sourceTextMissing: '（來源原文不可用）',
  aigcTitle: 'AIGC（AI 生成內容）檢測',
  aiFeatureValue: 'AI 特徵值',
  aigcFlaggedShare: '疑似 AI 生成文字佔比',
  aigcModel: '檢測模型',
  aigcNotRun: '未進行 AI 生成內容檢測。',
  aigcBands: { high: '顯著 AI 特徵（≥ 80%）', medium: '疑似 AI 特徵（50%–79%）' },
  aigcParagraphs: '段落（顯著 / 疑似 / 已檢測）',
  aigcScoredChars: '已檢測字數',
  aigcFlaggedChars: '疑似 AI 生成字數',
  aigcSkippedChars: '未檢測字數（段落過短）',
  aigcFullText: '全文標明 AI 特徵',
  aigcDisclaimer:
    'AI 生成內容的檢測結果僅供參考：分值是根據寫作風格估計的統計特徵，不能證明文本由機器或人工寫成；正式、規範的人工寫作也可能得到較高分值；而經 AI 潤色或改寫過的文字常常識別不出，分值低也不代表未使用 AI。請結合人工判斷使用。',
  typoTitle: '疑似錯別字',
  typoNone: '未發現疑似錯別字。',
  typoNote: '依易錯詞表自動標出，僅供參考，請結合上下文核對。',
  typoCount: '共 {count} 處（{words} 個詞）',
  typoColumns: { context: '上下文', correct: '建議改為', position: '位置' },
  typoPosition: '第 {n} 段',
  none: '無',
  chartRatio: '總文字複製比',
  chartChapters: '各章節複製比',
  disclaimer: '本報告由系統自動生成，檢測結果僅供參考。複製比按字元計算，不含空白字元及目錄、參考文獻、註腳。',
  aigcReportDisclaimer: '本報告由系統自動生成，檢測結果僅供參考。AI 特徵值是已檢測段落按字數加權的平均分值，過短的段落不計入。',
};

const EN: ReportLabels = {
  reportTitle: 'Text Duplication Check Report',
  aigcReportTitle: 'AI-generated content report',
  variantConcise: 'Concise',
  variantFull: 'Full-text comparison',
  documentTitle: 'Title',
  fileName: 'File',
  checkedAt: 'Checked at',
  reportVersion: 'Report version',
  summary: 'Results',
  totalRatio: 'Total copy ratio',
  ratioExcludingCited: 'Copy ratio excluding cited text',
  ratioExcludingSelf: "Copy ratio excluding the author's own papers",
  largestSourceRatio: 'Largest single-source ratio',
  duplicateChars: 'Duplicated characters',
  copiedChars: 'Copied characters',
  citedChars: 'Cited characters',
  totalChars: 'Total characters',
  excludedChars: 'Characters not counted',
  paragraphs: 'Paragraphs',
  suspectParagraphs: 'Suspect paragraphs',
  sourceCount: 'Similar sources',
  chapterTable: 'Results by chapter',
  columns: { chars: 'Chars', duplicate: 'Dup.', ratio: 'Ratio', ratioExcludingCited: 'Excl. cited', paragraphs: 'Suspect / paras', aigc: 'AI value' },
  chapter: 'Chapter',
  chars: 'Characters',
  ratio: 'Copy ratio',
  topSources: 'Main sources',
  notCounted: 'not counted',
  roles: { front: 'Front matter', notes: 'Notes' },
  sourceList: 'Similar sources',
  sourceTitle: 'Title',
  origin: 'Origin',
  library: 'Library',
  libraryKinds: { reference: 'Reference library', cms: 'Site content', self: 'Self-built library' },
  ownPaper: 'own paper',
  overlapChars: 'Overlap',
  passages: 'Passages',
  similarity: 'Similarity',
  matchKinds: { identical: 'Identical', similar: 'Similar' },
  fullText: 'Full text with citations marked',
  legendCopied: 'Red: copied text',
  legendCited: 'Green: cited text',
  legendExcluded: 'Grey: not counted (contents, references, notes)',
  bands: { red: 'Sentence similarity ≥ 80%', orange: 'Sentence similarity 50–79%', yellow: 'Sentence similarity 30–49%' },
  excludedReasons: { toc: 'Contents', references: 'References', footnotes: 'Notes' },
  comparison: 'Side-by-side comparison',
  comparisonNone: 'No copied passages were found.',
  fragment: 'Passage',
  thisText: 'Checked text',
  sourceText: 'Source text',
  sourceTextMissing: '(source text not available)',
  aigcTitle: 'AI-generated content (AIGC)',
  aiFeatureValue: 'AI feature value',
  aigcFlaggedShare: 'Share of text with AI features',
  aigcModel: 'Model',
  aigcNotRun: 'No AI-content check was run.',
  aigcBands: { high: 'Strong AI features (≥ 80%)', medium: 'Some AI features (50–79%)' },
  aigcParagraphs: 'Paragraphs (strong / some / scored)',
  aigcScoredChars: 'Scored characters',
  aigcFlaggedChars: 'Characters with AI features',
  aigcSkippedChars: 'Characters not scored (short paragraphs)',
  aigcFullText: 'Full text with AI features marked',
  aigcDisclaimer:
    'AI-content scores are indicative only: they are statistical estimates from writing style and do not prove that a machine or a person wrote the text. Formal human writing can score high, and text that an AI polished or rewrote is often not recognised, so a low score does not show that no AI was used. Use them together with human judgement.',
  typoTitle: 'Possible typos',
  typoNone: 'No possible typos were found.',
  typoNote: 'Marked from a list of error-prone words; indicative only, check each one in its context.',
  typoCount: '{count} occurrences ({words} words)',
  typoColumns: { context: 'Context', correct: 'Suggested', position: 'Where' },
  typoPosition: 'Paragraph {n}',
  none: 'none',
  chartRatio: 'Total copy ratio',
  chartChapters: 'Copy ratio by chapter',
  disclaimer:
    'This report was generated automatically and is for reference only. Ratios count characters without whitespace, contents, references and notes.',
  aigcReportDisclaimer:
    'This report was generated automatically and is for reference only. The AI feature value is the character-weighted mean score of the scored paragraphs; short paragraphs are not scored.',
};

/** Labels per language. */
export const REPORT_LABELS: Readonly<Record<ReportLanguage, ReportLabels>> = Object.freeze({ 'zh-CN': ZH_CN, 'zh-TW': ZH_TW, en: EN });

/** Labels of a language (zh-CN when it is not one of the three). */
export function reportLabels(language: ReportLanguage | undefined): ReportLabels {
  return REPORT_LABELS[language ?? 'zh-CN'] ?? ZH_CN;
}

/** A chapter-table row's display name: its heading, or the label of its role for the front matter and notes. */
export function chapterName(chapter: { title: string; role: ChapterRole | 'front' | 'notes' }, labels: ReportLabels): string {
  if (chapter.role === 'front' || chapter.role === 'notes') return labels.roles[chapter.role];
  return chapter.title;
}
