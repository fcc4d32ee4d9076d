import type { AigcScorer } from '../engine/aigc';
import { DuplicateDetector, MemoryTextStore } from '../engine/match/detector';
import { MemoryFingerprintIndex } from '../engine/match/fingerprint-index';
import { runCheck } from '../engine/pipeline';
import type { CheckReport, SourceMeta } from '../engine/report/types';
import { typoMatcher } from '../engine/typos';
import { SAMPLE_PAPER, SAMPLE_SOURCES } from '../order/sample-paper';

/**
 * The engine's real check of the bundled sample paper against its two sample sources, in memory (no database): the
 * sample report of /aicheckylbg, and the check a new check thread runs to be ready before its first paper. `paperText`
 * replaces the paper's text (the warm-up checks it repeated to a thesis's length).
 */
export async function checkSamplePaper(aigcScorer: AigcScorer, paperText: string = SAMPLE_PAPER.text): Promise<CheckReport> {
  const detector = new DuplicateDetector(new MemoryFingerprintIndex(), new MemoryTextStore());
  const metas: SourceMeta[] = [];
  for (const [id, source] of SAMPLE_SOURCES.entries()) {
    metas.push({ id, title: source.title, origin: source.origin, libraryKind: 'reference' });
    await detector.addDocument(id, source.text);
  }
  const { report } = await runCheck({
    buffer: Buffer.from(paperText, 'utf8'),
    fileName: SAMPLE_PAPER.fileName,
    detector,
    sources: (ids) => metas.filter((m) => ids.includes(m.id)),
    memberId: null,
    aigcScorer,
    typos: typoMatcher(),
  });
  return report;
}
