// Shapes of the rewrite stage (全文降重 / 全文降AIGC): which paragraphs are rewritten and what came of each.
// Offsets are [start, end) in UTF-16 code units of `CheckReport.text`, like every offset of the report.
import type { ParagraphKind } from '../ingest/types';

/** What the rewrite lowers: the duplicate rate (/qwjc) or the AI-content rate (/qwjaigc). */
export type RewriteMode = 'duplicate' | 'aigc';

/** One paragraph to rewrite. */
export interface RewriteItem {
  /** Index of the paragraph in `CheckReport.paragraphs`. */
  index: number;
  start: number;
  end: number;
  /** The paragraph's text, `report.text.slice(start, end)`. */
  text: string;
  /** Why it was picked: its copied (red) share and its AIGC score (null when not scored). */
  copiedShare: number;
  aigcScore: number | null;
}

/** Outcome of one item. `done` carries the cleaned rewrite; `failed` the last reason after all attempts. */
export interface RewriteResult {
  /** The item's paragraph index. */
  index: number;
  status: 'done' | 'failed';
  text?: string;
  /** Calls made for the item. */
  attempts: number;
  error?: string;
}

/** What the prompts know of the paper. */
export interface RewriteContext {
  title: string;
  keywords: string[];
}

/** One paragraph of the rewrite document. */
export interface RewriteDocParagraph {
  kind: ParagraphKind;
  text: string;
  rewritten: boolean;
  /** Heading level (1 = chapter) for `heading` paragraphs; 1 when left out. */
  level?: number;
}
