// The pluggable AIGC scorer contract shared by the offline model and the LLM-logprob backend.

/** Which model produced a score, for the report ("AI 特征值 by <name> <version>"). */
export interface AigcModelInfo {
  /** Backend kind; 'ensemble' combines the scorers listed in `components`. */
  backend: 'offline' | 'logprob' | 'ensemble';
  name: string;
  version: string;
  /** The scorers an ensemble combined, with the weight of each one's log-odds. */
  components?: (AigcModelInfo & { weight: number })[];
}

/** Scores paragraphs: one probability-like value in [0,1] per paragraph, higher = more likely AI-generated. Indicative only. */
export interface AigcScorer {
  readonly model: AigcModelInfo;
  score(paragraphs: string[]): Promise<number[]>;
}
