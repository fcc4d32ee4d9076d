// Duplicate detection over a library: fingerprints in an index, candidate sources by shared fingerprints, then
// character-level alignment with each candidate.
import { normalizeForMatching, type NormalizedText } from '../text/normalize';
import { alignTexts, DEFAULT_ALIGN_PARAMS, type AlignedPassage, type AlignParams, type AlignRegions, type AlignText } from './align';
import { DEFAULT_K, DEFAULT_W, fingerprint, kgramHashes, winnow } from './fingerprint';
import { topDocumentIds, type FingerprintIndex } from './fingerprint-index';

/** Where the detector reads source texts from (the fingerprint index holds no text). */
export interface SourceTextStore {
  get(docId: number): Promise<string | undefined>;
  /** Optional: stores the text when a document is added through the detector. */
  put?(docId: number, text: string): Promise<void>;
  delete?(docId: number): Promise<void>;
}

export class MemoryTextStore implements SourceTextStore {
  private readonly texts = new Map<number, string>();

  async get(docId: number): Promise<string | undefined> {
    return this.texts.get(docId);
  }

  async put(docId: number, text: string): Promise<void> {
    this.texts.set(docId, text);
  }

  async delete(docId: number): Promise<void> {
    this.texts.delete(docId);
  }

  get size(): number {
    return this.texts.size;
  }
}

export interface DetectorOptions {
  /** k-gram length and winnowing window of the index (k + w - 1 characters are always found). */
  k: number;
  w: number;
  /** Look up every k-gram of the checked text (true) or only its winnowed fingerprints (false: fewer lookups). */
  queryAllKgrams: boolean;
  /** Sources with fewer shared fingerprints than this are not aligned. */
  minCandidateHits: number;
  /** At most this many candidate sources (those sharing the most fingerprints) are aligned. */
  maxCandidates: number;
  /** Hashes with more postings than this are ignored at retrieval (boilerplate); 0 = no limit. */
  maxPostingsPerHash: number;
  /** Alignment parameters. */
  align: AlignParams;
  /** Normalised source texts kept between checks. */
  sourceCacheSize: number;
  /**
   * Alignment looks only this many normalised characters around the shared fingerprints, on both sides (more than the
   * longest passage expected to be found from a single fingerprint); 0 aligns whole texts.
   */
  regionMargin: number;
}

export const DEFAULT_DETECTOR_OPTIONS: DetectorOptions = {
  k: DEFAULT_K,
  w: DEFAULT_W,
  queryAllKgrams: true,
  minCandidateHits: 1,
  maxCandidates: 200,
  maxPostingsPerHash: 2000,
  align: DEFAULT_ALIGN_PARAMS,
  sourceCacheSize: 256,
  regionMargin: 1000,
};

/** A reused passage: the aligned passage plus the source it comes from. */
export interface Detection extends AlignedPassage {
  sourceId: number;
}

export interface CheckResult {
  detections: Detection[];
  /** Candidate sources that were aligned, with their shared-fingerprint counts. */
  candidates: { sourceId: number; hits: number }[];
  /** Normalised length of the checked text. */
  normalizedLength: number;
}

export class DuplicateDetector {
  readonly options: DetectorOptions;
  private readonly cache = new Map<number, AlignText>();

  constructor(
    readonly index: FingerprintIndex,
    readonly texts: SourceTextStore,
    options: Partial<Omit<DetectorOptions, 'align'>> & { align?: Partial<AlignParams> } = {},
  ) {
    this.options = { ...DEFAULT_DETECTOR_OPTIONS, ...options, align: { ...DEFAULT_ALIGN_PARAMS, ...options.align } };
  }

  /** Adds (or replaces) a source document. */
  async addDocument(docId: number, text: string): Promise<void> {
    const norm = normalizeForMatching(text);
    await this.index.add(docId, fingerprint(norm.text, this.options.k, this.options.w));
    if (this.texts.put) await this.texts.put(docId, text);
    this.cache.delete(docId);
  }

  /** Removes a source document; resolves with false when it was not in the index. */
  async removeDocument(docId: number): Promise<boolean> {
    const removed = await this.index.remove(docId);
    if (this.texts.delete) await this.texts.delete(docId);
    this.cache.delete(docId);
    return removed;
  }

  /** Finds passages of `text` reused from documents of the library. */
  async check(text: string, options: { excludeSourceIds?: number[] } = {}): Promise<CheckResult> {
    const sus: AlignText = { original: text, norm: normalizeForMatching(text) };
    const o = this.options;
    // Every k-gram of the checked text is looked up (or only its winnowed fingerprints, which still finds every common
    // run of k + w - 1 characters with about a third of the lookups).
    const allHashes = kgramHashes(sus.norm.text, o.k);
    const query = o.queryAllKgrams ? { hashes: allHashes, positions: allHashes.map((_, i) => i) } : winnow(allHashes, o.w);
    const queryHashes = query.hashes;
    if (queryHashes.length === 0) return { detections: [], candidates: [], normalizedLength: sus.norm.text.length };
    const top = { max: o.maxCandidates, minPostings: o.minCandidateHits, excludeDocIds: options.excludeSourceIds ?? [] };
    const postings = await this.index.lookup(queryHashes, { maxPostingsPerHash: o.maxPostingsPerHash, topDocuments: top });
    // Where each looked-up hash occurs in the checked text.
    const hit = new Set<number>();
    for (let i = 0; i < postings.length; i++) hit.add(postings.hashes[i]);
    const queryPositions = new Map<number, number[]>();
    for (let i = 0; i < queryHashes.length; i++) {
      const h = queryHashes[i];
      if (!hit.has(h)) continue;
      const list = queryPositions.get(h);
      if (list) list.push(query.positions[i]);
      else queryPositions.set(h, [query.positions[i]]);
    }
    // Per source: the postings that hit it.
    const perSource = new Map<number, number[]>();
    for (let i = 0; i < postings.length; i++) {
      const id = postings.docIds[i];
      const list = perSource.get(id);
      if (list) list.push(i);
      else perSource.set(id, [i]);
    }
    // The index may have kept only these documents' postings already; choosing again is cheap and covers one that did not.
    const candidates = topDocumentIds(postings, top).map((sourceId) => ({ sourceId, hits: perSource.get(sourceId)!.length }));
    const seedHashes = kgramHashes(sus.norm.text, o.align.seedLength);
    const detections: Detection[] = [];
    for (const { sourceId } of candidates) {
      const src = await this.source(sourceId);
      if (!src) continue;
      let regions: AlignRegions | undefined;
      if (o.regionMargin > 0) {
        const sPos: number[] = [];
        const dPos: number[] = [];
        for (const i of perSource.get(sourceId)!) {
          dPos.push(postings.positions[i]);
          for (const q of queryPositions.get(postings.hashes[i]) ?? []) sPos.push(q);
        }
        regions = { sus: windows(sPos, o.regionMargin, o.k), src: windows(dPos, o.regionMargin, o.k) };
      }
      for (const passage of alignTexts(sus, src, o.align, { susHashes: seedHashes, regions })) detections.push({ sourceId, ...passage });
    }
    detections.sort((a, b) => a.thisOffset - b.thisOffset || a.sourceId - b.sourceId);
    return { detections, candidates, normalizedLength: sus.norm.text.length };
  }

  private async source(docId: number): Promise<AlignText | undefined> {
    const hit = this.cache.get(docId);
    if (hit) {
      // Refresh its place in the LRU order.
      this.cache.delete(docId);
      this.cache.set(docId, hit);
      return hit;
    }
    const original = await this.texts.get(docId);
    if (original === undefined) return undefined;
    const entry: AlignText = { original, norm: normalizeForMatching(original) };
    this.cache.set(docId, entry);
    while (this.cache.size > this.options.sourceCacheSize) this.cache.delete(this.cache.keys().next().value!);
    return entry;
  }
}

/** Sorted, merged [p - margin, p + k + margin) windows around positions, flattened into [from, to, from, to, ...]. */
function windows(positions: number[], margin: number, k: number): number[] {
  positions.sort((x, y) => x - y);
  const out: number[] = [];
  for (const p of positions) {
    const from = Math.max(0, p - margin);
    const to = p + k + margin;
    if (out.length && from <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], to);
    else out.push(from, to);
  }
  return out;
}

export type { NormalizedText };
