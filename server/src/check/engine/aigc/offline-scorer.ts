// The offline default scorer: explainable style and character-LM features fed to boosted stumps, on CPU only.
import { createHash } from 'node:crypto';
import { CharLm, type CharLmData } from './char-lm';
import { extractFeatures, FEATURE_NAMES } from './features';
import { sigmoid, stumpContributions, stumpLogit, type StumpModel } from './stumps';
import type { AigcModelInfo, AigcScorer } from './types';

/** Serialized classifier, as stored in model/aigc-model.json. */
export interface OfflineModelData {
  format: 'zhiwen-aigc-offline/1';
  name: string;
  version: string;
  /** SHA-256 of the JSON text of the character LM the features were computed with. */
  lmSha256: string;
  classifier: StumpModel;
  /** Training provenance and measured figures, for the docs; not used when scoring. */
  meta: Record<string, unknown>;
}

/** One feature's part in a paragraph's score. */
export interface FeatureContribution {
  feature: string;
  value: number;
  /** Change of the log-odds that this feature causes (positive = towards AI). */
  logit: number;
}

/** SHA-256 of a character LM's serialized form, which binds a classifier to the LM it was trained with. */
export function charLmDigest(lm: CharLmData): string {
  return createHash('sha256').update(JSON.stringify(lm)).digest('hex');
}

/** Scores paragraphs with the frozen offline model; synchronous underneath, about 0.3M characters/s on one core. */
export class OfflineAigcScorer implements AigcScorer {
  readonly model: AigcModelInfo;
  private readonly lm: CharLm;
  private readonly classifier: StumpModel;

  /** Checks that the classifier matches this code's features and the given LM, then decodes the LM. */
  constructor(data: OfflineModelData, lmData: CharLmData) {
    if (data.format !== 'zhiwen-aigc-offline/1') throw new Error(`Unknown AIGC model format: ${String(data.format)}`);
    if (data.classifier.features.join(',') !== FEATURE_NAMES.join(',')) {
      throw new Error('AIGC model was trained on other features than this code computes; retrain it (server/scripts/train-aigc.mjs)');
    }
    if (charLmDigest(lmData) !== data.lmSha256) throw new Error('AIGC model and character LM do not belong together; retrain the model');
    this.lm = CharLm.fromData(lmData);
    this.classifier = data.classifier;
    this.model = { backend: 'offline', name: data.name, version: data.version };
  }

  /** Same as score(), without the promise. */
  scoreSync(paragraphs: string[]): number[] {
    return paragraphs.map((p) => (p.trim() ? sigmoid(stumpLogit(this.classifier, extractFeatures(p, this.lm).vector)) : 0));
  }

  /** Per-paragraph probability-like scores in [0,1]. */
  async score(paragraphs: string[]): Promise<number[]> {
    return this.scoreSync(paragraphs);
  }

  /** The features that moved one paragraph's score most, strongest first (for the report's explanation). */
  explain(paragraph: string, top = 5): FeatureContribution[] {
    const { vector } = extractFeatures(paragraph, this.lm);
    const logits = stumpContributions(this.classifier, vector);
    return FEATURE_NAMES.map((feature, j) => ({ feature, value: vector[j], logit: logits[j] }))
      .sort((a, b) => Math.abs(b.logit) - Math.abs(a.logit))
      .slice(0, top);
  }
}
