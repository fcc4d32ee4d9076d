// Public surface of the rewrite stage (全文降重 /qwjc, 全文降AIGC /qwjaigc): pick the flagged paragraphs of a report,
// prompt a chat model for each, clean and check its answers, run the calls with bounded concurrency and retries,
// put the rewrites into the text and build the Word document for review. Pure: the model call is the caller's.
export { applyRewrites, type AppliedRewrites } from './apply';
export { citationMarks, lostCitationMarks } from './citations';
export { cleanRewrite, countChars, REWRITE_LENGTH_BOUNDS, type CleanRewriteResult } from './clean';
export { buildRewriteDocx, REWRITTEN_FILL, type RewriteDocxInput } from './docx';
export { rewriteMessages } from './prompts';
export { runRewrites, type RunRewritesOptions } from './run';
export { paragraphsOf, selectParagraphs } from './select';
export type { RewriteContext, RewriteDocParagraph, RewriteItem, RewriteMode, RewriteResult } from './types';
