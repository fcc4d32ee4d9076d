// The LLM-logprob backend and the offline model together: the weighted mean of their calibrated log-odds per paragraph,
// so neither a remote model's blind spots nor the offline model's decide alone. Wrapped in FallbackAigcScorer by
// backendScorer(), so a failing server leaves the offline model scoring alone.
import { ensembleLogit, logit } from './calibrate';
import { FallbackAigcScorer } from './fallback-scorer';
import { LogprobAigcScorer, type LogprobScorerOptions } from './logprob-scorer';
import { sigmoid } from './stumps';
import type { AigcModelInfo, AigcScorer } from './types';

/** Weight of the LLM's log-odds when staff set none: both scorers count alike until a calibration says otherwise. */
export const DEFAULT_LLM_WEIGHT = 0.5;

/** The back office's backend settings as a check receives them: the logprob server and its weight in the ensemble. */
export interface AigcBackendOptions extends LogprobScorerOptions {
  /** Weight in [0,1] of the LLM's calibrated log-odds beside the offline model's (default 0.5; 1 = the LLM alone). */
  llmWeight?: number;
}

/** Scores with both scorers and combines their calibrated log-odds; the model it reports names both and their weights. */
export class EnsembleAigcScorer implements AigcScorer {
  readonly model: AigcModelInfo;

  constructor(
    private readonly llm: AigcScorer,
    private readonly offline: AigcScorer,
    readonly llmWeight: number = DEFAULT_LLM_WEIGHT,
  ) {
    if (!(llmWeight >= 0 && llmWeight <= 1)) throw new Error('The LLM weight of the AIGC ensemble must lie in [0,1]');
    const part = (m: AigcModelInfo, weight: number): AigcModelInfo & { weight: number } => ({ ...m, weight });
    const components = [part(llm.model, llmWeight), part(offline.model, 1 - llmWeight)];
    this.model = {
      backend: 'ensemble',
      name: 'ensemble',
      version: components.map((c) => `${c.name} ${c.version} ×${c.weight.toFixed(2)}`).join(' + '),
      components,
    };
  }

  async score(paragraphs: string[]): Promise<number[]> {
    // The request goes out first; the offline model computes while the server answers.
    const [llm, offline] = await Promise.all([this.llm.score(paragraphs), this.offline.score(paragraphs)]);
    return paragraphs.map((p, i) => (p.trim() ? sigmoid(ensembleLogit(logit(llm[i]), logit(offline[i]), this.llmWeight)) : 0));
  }
}

/**
 * What scores a check when a logprob server is configured: the ensemble (the LLM alone at weight 1, the offline model alone at 0), falling back to the
 * offline model alone when the server fails; the fallback's model and lastError tell the report and the log which.
 */
export function backendScorer(options: AigcBackendOptions, offline: AigcScorer): AigcScorer {
  const weight = options.llmWeight ?? DEFAULT_LLM_WEIGHT;
  // At weight 0 the server's answer would not count: it is not asked.
  if (weight <= 0) return offline;
  const llm = new LogprobAigcScorer(options);
  return new FallbackAigcScorer(weight >= 1 ? llm : new EnsembleAigcScorer(llm, offline, weight), offline);
}
