// An AIGC scorer that falls back: the configured LLM backend first, the offline model when the backend fails, so a
// check never fails for want of a remote model and its report names the model that really scored.
import type { AigcModelInfo, AigcScorer } from './types';

/** Scores with `primary`; on any failure scores with `fallback` instead and reports that model. */
export class FallbackAigcScorer implements AigcScorer {
  private used: AigcScorer;
  /** Why the primary backend was not used, when it failed. */
  lastError?: string;

  constructor(
    private readonly primary: AigcScorer,
    private readonly fallback: AigcScorer,
  ) {
    this.used = primary;
  }

  get model(): AigcModelInfo {
    return this.used.model;
  }

  async score(paragraphs: string[]): Promise<number[]> {
    try {
      this.used = this.primary;
      return await this.primary.score(paragraphs);
    } catch (error) {
      this.lastError = (error as Error).message;
      this.used = this.fallback;
      return this.fallback.score(paragraphs);
    }
  }
}
