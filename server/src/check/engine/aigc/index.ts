// Public surface of the AIGC (AI-generated content) scorer.
export { aggregateScores, type AggregateOptions, type AigcAggregate } from './aggregate';
export { defaultOfflineScorer } from './default-model';
export { AigcBackendError, LogprobAigcScorer, type LogprobScorerOptions } from './logprob-scorer';
export { FallbackAigcScorer } from './fallback-scorer';
export { backendScorer, DEFAULT_LLM_WEIGHT, EnsembleAigcScorer, type AigcBackendOptions } from './ensemble-scorer';
export { auroc, fitCalibration, fitEnsembleWeight, tprAtFpr, type CalibrationFit, type LogprobCalibration } from './calibrate';
export { OfflineAigcScorer, type FeatureContribution } from './offline-scorer';
export type { AigcModelInfo, AigcScorer } from './types';
