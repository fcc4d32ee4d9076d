// The frozen offline model shipped in model/: loaded once per process (or worker thread) on first use.
import lmData from './model/char-lm.json';
import modelData from './model/aigc-model.json';
import wordsData from './model/words.json';
import type { CharLmData } from './char-lm';
import { OfflineAigcScorer, type OfflineModelData } from './offline-scorer';
import type { WordDictData } from './words';

let cached: OfflineAigcScorer | undefined;

/** The default offline scorer built from the shipped model files (about 0.3 s to load the first time). */
export function defaultOfflineScorer(): OfflineAigcScorer {
  cached ??= new OfflineAigcScorer(modelData as unknown as OfflineModelData, lmData as unknown as CharLmData, wordsData as unknown as WordDictData);
  return cached;
}
