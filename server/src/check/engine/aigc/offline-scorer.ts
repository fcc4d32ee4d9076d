// The offline default scorer: explainable style and character-LM features plus a word-preference logistic regression,
// combined by boosted stumps and calibrated, on CPU only.
import { createHash } from 'node:crypto';
import { CharLm, type CharLmData } from './char-lm';
import { extractFeatures, FEATURE_NAMES } from './features';
import { NgramLr, type NgramLrData } from './ngram-lr';
import { WordDict, type WordDictData } from './words';
import { sigmoid, stumpContributions, stumpLogit, type StumpModel } from './stumps';
import type { AigcModelInfo, AigcScorer } from './types';

/** The classifier's inputs: the style and LM features, then the log-odds of the word model. */
export const OFFLINE_FEATURE_NAMES: readonly string[] = [...FEATURE_NAMES, 'word_ngram_logit'];

/** Serialized classifier, as stored in model/aigc-model.json. */
export interface OfflineModelData {
  format: 'zhiwen-aigc-offline/2';
  name: string;
  version: string;
  /** SHA-256 of the JSON text of the character LM the features were computed with. */
  lmSha256: string;
  /** SHA-256 of the JSON text of the word list the word model segments with. */
  wordsSha256: string;
  /** The word and word-pair logistic regression whose log-odds is the classifier's last input. */
  words: NgramLrData;
  classifier: StumpModel;
  /** Platt scaling of the classifier's log-odds, fitted on out-of-fold log-odds: probability = sigmoid(a * logit + b), a > 0. */
  calibration: { a: number; b: number };
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

/** SHA-256 of a serialized character LM or word list, which binds a classifier to the one it was trained with. */
export function charLmDigest(data: CharLmData | WordDictData): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex');
}

/** Scores paragraphs with the frozen offline model; synchronous underneath, about 0.2M characters/s on one core. */
export class OfflineAigcScorer implements AigcScorer {
  readonly model: AigcModelInfo;
  private readonly lm: CharLm;
  private readonly classifier: StumpModel;
  private readonly wordNgram: NgramLr;
  private readonly calibration: { a: number; b: number };

  /** Checks that the classifier matches this code's features and the given LM, then decodes both models. */
  constructor(data: OfflineModelData, lmData: CharLmData, wordsData: WordDictData) {
    if (data.format !== 'zhiwen-aigc-offline/2') throw new Error(`Unknown AIGC model format: ${String(data.format)}`);
    if (data.classifier.features.join(',') !== OFFLINE_FEATURE_NAMES.join(',')) {
      throw new Error('AIGC model was trained on other features than this code computes; retrain it (server/scripts/train-aigc.mjs)');
    }
    if (charLmDigest(lmData) !== data.lmSha256) throw new Error('AIGC model and character LM do not belong together; retrain the model');
    if (charLmDigest(wordsData) !== data.wordsSha256) throw new Error('AIGC model and word list do not belong together; retrain the model');
    if (!(data.calibration.a > 0)) throw new Error('AIGC model calibration must increase with the classifier score');
    this.lm = CharLm.fromData(lmData);
    this.wordNgram = NgramLr.fromData(data.words, WordDict.fromData(wordsData));
    this.classifier = data.classifier;
    this.calibration = data.calibration;
    this.model = { backend: 'offline', name: data.name, version: data.version };
  }

  /** The classifier's input vector of one paragraph. */
  features(paragraph: string): number[] {
    return [...extractFeatures(paragraph, this.lm).vector, this.wordNgram.logit(paragraph)];
  }

  /** The classifier's log-odds before calibration. */
  rawLogit(paragraph: string): number {
    return stumpLogit(this.classifier, this.features(paragraph));
  }

  /** Calibrated probability of a raw log-odds value (monotone increasing). */
  calibrate(logit: number): number {
    return sigmoid(this.calibration.a * logit + this.calibration.b);
  }

  /** Same as score(), without the promise. */
  scoreSync(paragraphs: string[]): number[] {
    return paragraphs.map((p) => (p.trim() ? this.calibrate(this.rawLogit(p)) : 0));
  }

  /** Per-paragraph probability-like scores in [0,1]. */
  async score(paragraphs: string[]): Promise<number[]> {
    return this.scoreSync(paragraphs);
  }

  /** The features that moved one paragraph's score most, strongest first (for the report's explanation). */
  explain(paragraph: string, top = 5): FeatureContribution[] {
    const vector = this.features(paragraph);
    const logits = stumpContributions(this.classifier, vector);
    return OFFLINE_FEATURE_NAMES.map((feature, j) => ({ feature, value: vector[j], logit: logits[j] }))
      .sort((a, b) => Math.abs(b.logit) - Math.abs(a.logit))
      .slice(0, top);
  }
}
