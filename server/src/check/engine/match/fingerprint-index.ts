// The fingerprint index: which documents contain which winnowed k-gram hashes, and where.
//
// The interface is asynchronous so that a store in PostgreSQL can implement it the same way, as a table
// `(hash int, doc_id int, pos int)` bulk-loaded with COPY and read with `WHERE hash = ANY($1)`. The in-memory
// implementation below is used by the CLI, the benchmarks and the tests.
import type { Fingerprints } from './fingerprint';

/** Postings returned by a lookup: parallel arrays, one entry per (hash, document, position). */
export interface Postings {
  hashes: Int32Array;
  docIds: Int32Array;
  positions: Int32Array;
  length: number;
}

export interface LookupOptions {
  /** Skip hashes that occur in more than this many postings (boilerplate); 0 or undefined means no limit. */
  maxPostingsPerHash?: number;
  /**
   * Return only the postings of the documents a check aligns: those with the most postings in the answer (ties: the
   * lower id first). A library holding many near-copies of a paper answers with postings of every copy, and only the
   * best are aligned: choosing them where the postings are saves moving the rest.
   */
  topDocuments?: TopDocuments;
}

/** Which documents of an answer are kept (see `LookupOptions.topDocuments`). */
export interface TopDocuments {
  /** At most this many documents. */
  max: number;
  /** Documents with fewer postings in the answer are dropped. */
  minPostings: number;
  /** Never these documents. */
  excludeDocIds?: readonly number[];
}

/** The documents `top` keeps of an answer, in its order: most postings first, then the lower id. */
export function topDocumentIds(postings: Postings, top: TopDocuments): number[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < postings.length; i++) counts.set(postings.docIds[i], (counts.get(postings.docIds[i]) ?? 0) + 1);
  const exclude = new Set(top.excludeDocIds ?? []);
  return [...counts]
    .filter(([id, n]) => n >= top.minPostings && !exclude.has(id))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, top.max)
    .map(([id]) => id);
}

/** The postings of the documents `top` keeps, in their order in the answer. */
export function keepTopDocuments(postings: Postings, top: TopDocuments | undefined): Postings {
  if (!top) return postings;
  const kept = new Set(topDocumentIds(postings, top));
  const index: number[] = [];
  for (let i = 0; i < postings.length; i++) if (kept.has(postings.docIds[i])) index.push(i);
  if (index.length === postings.length) return postings;
  const pick = (values: Int32Array) => Int32Array.from(index, (i) => values[i]);
  return { hashes: pick(postings.hashes), docIds: pick(postings.docIds), positions: pick(postings.positions), length: index.length };
}

export interface FingerprintIndexStats {
  documents: number;
  postings: number;
  distinctHashes: number;
}

export interface FingerprintIndex {
  /** Adds (or replaces) the fingerprints of a document. */
  add(docId: number, fingerprints: Fingerprints): Promise<void>;
  /** Removes a document; resolves with false when it was not there. */
  remove(docId: number): Promise<boolean>;
  has(docId: number): Promise<boolean>;
  /** All postings of the given hashes (duplicates in `hashes` are looked up once). */
  lookup(hashes: Int32Array, options?: LookupOptions): Promise<Postings>;
  stats(): Promise<FingerprintIndexStats>;
}

const EMPTY = -1;

/**
 * In-memory index: an open-addressing hash table of hashes whose entries head linked lists of postings kept in typed
 * arrays (about 12 bytes per posting). Postings of a document are appended contiguously; removing a document marks it
 * dead, and the arrays are compacted once dead postings outnumber a quarter of all of them.
 */
export class MemoryFingerprintIndex implements FingerprintIndex {
  // Hash table.
  private keys: Int32Array;
  private heads: Int32Array;
  private counts: Int32Array;
  private mask: number;
  private used = 0;
  // Postings.
  private slots: Int32Array; // internal document slot of each posting
  private pos: Int32Array;
  private next: Int32Array;
  private size = 0;
  // Documents: external id -> internal slot; slot -> id, number of postings, liveness.
  private slotOf = new Map<number, number>();
  private slotIds: number[] = [];
  private slotPostings: number[] = [];
  private slotAlive: Uint8Array = new Uint8Array(64);
  private deadPostings = 0;

  constructor(expectedPostings = 1 << 16) {
    const cap = Math.max(16, expectedPostings);
    this.slots = new Int32Array(cap);
    this.pos = new Int32Array(cap);
    this.next = new Int32Array(cap);
    let tableSize = 1 << 10;
    while (tableSize < cap) tableSize <<= 1;
    this.keys = new Int32Array(tableSize);
    this.heads = new Int32Array(tableSize).fill(EMPTY);
    this.counts = new Int32Array(tableSize);
    this.mask = tableSize - 1;
  }

  async add(docId: number, fingerprints: Fingerprints): Promise<void> {
    this.addSync(docId, fingerprints);
  }

  async remove(docId: number): Promise<boolean> {
    return this.removeSync(docId);
  }

  async has(docId: number): Promise<boolean> {
    return this.slotOf.has(docId);
  }

  async lookup(hashes: Int32Array, options: LookupOptions = {}): Promise<Postings> {
    return this.lookupSync(hashes, options);
  }

  async stats(): Promise<FingerprintIndexStats> {
    return { documents: this.slotOf.size, postings: this.size - this.deadPostings, distinctHashes: this.used };
  }

  addSync(docId: number, fingerprints: Fingerprints): void {
    if (this.slotOf.has(docId)) this.removeSync(docId);
    const slot = this.slotIds.length;
    this.slotOf.set(docId, slot);
    this.slotIds.push(docId);
    if (slot >= this.slotAlive.length) {
      const grown = new Uint8Array(this.slotAlive.length * 2);
      grown.set(this.slotAlive);
      this.slotAlive = grown;
    }
    this.slotAlive[slot] = 1;
    const n = fingerprints.hashes.length;
    this.ensurePostings(this.size + n);
    for (let i = 0; i < n; i++) this.insert(fingerprints.hashes[i], slot, fingerprints.positions[i]);
    this.slotPostings.push(n);
  }

  removeSync(docId: number): boolean {
    const slot = this.slotOf.get(docId);
    if (slot === undefined) return false;
    this.slotOf.delete(docId);
    this.slotAlive[slot] = 0;
    this.deadPostings += this.slotPostings[slot];
    if (this.deadPostings > 1024 && this.deadPostings * 4 > this.size) this.compact();
    return true;
  }

  lookupSync(hashes: Int32Array, options: LookupOptions = {}): Postings {
    const max = options.maxPostingsPerHash ?? 0;
    const seen = new Set<number>();
    const outH: number[] = [];
    const outD: number[] = [];
    const outP: number[] = [];
    for (let q = 0; q < hashes.length; q++) {
      const h = hashes[q];
      if (seen.has(h)) continue;
      seen.add(h);
      const t = this.find(h);
      if (t < 0) continue;
      if (max > 0 && this.counts[t] > max) continue;
      for (let p = this.heads[t]; p !== EMPTY; p = this.next[p]) {
        const slot = this.slots[p];
        if (this.slotAlive[slot] === 0) continue;
        outH.push(h);
        outD.push(this.slotIds[slot]);
        outP.push(this.pos[p]);
      }
    }
    const postings = { hashes: Int32Array.from(outH), docIds: Int32Array.from(outD), positions: Int32Array.from(outP), length: outH.length };
    return keepTopDocuments(postings, options.topDocuments);
  }

  /** Bytes held by the typed arrays (not counting per-document bookkeeping). */
  memoryBytes(): number {
    return (this.keys.length + this.heads.length + this.counts.length) * 4 + (this.slots.length + this.pos.length + this.next.length) * 4;
  }

  private find(h: number): number {
    let t = h & this.mask;
    while (this.heads[t] !== EMPTY) {
      if (this.keys[t] === h) return t;
      t = (t + 1) & this.mask;
    }
    return -1;
  }

  private insert(h: number, slot: number, position: number): void {
    if ((this.used + 1) * 2 > this.keys.length) this.growTable();
    let t = h & this.mask;
    while (this.heads[t] !== EMPTY && this.keys[t] !== h) t = (t + 1) & this.mask;
    if (this.heads[t] === EMPTY) {
      this.keys[t] = h;
      this.used++;
    }
    const p = this.size++;
    this.slots[p] = slot;
    this.pos[p] = position;
    this.next[p] = this.heads[t];
    this.heads[t] = p;
    this.counts[t]++;
  }

  private ensurePostings(min: number): void {
    if (min <= this.slots.length) return;
    let cap = this.slots.length * 2;
    while (cap < min) cap *= 2;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a.subarray(0, this.size));
      return b;
    };
    this.slots = grow(this.slots);
    this.pos = grow(this.pos);
    this.next = grow(this.next);
  }

  private growTable(): void {
    const oldKeys = this.keys;
    const oldHeads = this.heads;
    const oldCounts = this.counts;
    const size = oldKeys.length * 2;
    this.keys = new Int32Array(size);
    this.heads = new Int32Array(size).fill(EMPTY);
    this.counts = new Int32Array(size);
    this.mask = size - 1;
    for (let t = 0; t < oldKeys.length; t++) {
      if (oldHeads[t] === EMPTY) continue;
      let u = oldKeys[t] & this.mask;
      while (this.heads[u] !== EMPTY) u = (u + 1) & this.mask;
      this.keys[u] = oldKeys[t];
      this.heads[u] = oldHeads[t];
      this.counts[u] = oldCounts[t];
    }
  }

  /**
   * Drops dead postings: walks every hash's list once, copying live postings into exact-size arrays, and rebuilds the
   * table with the hashes that still have postings. Document slots keep their numbers.
   */
  private compact(): void {
    const live = this.size - this.deadPostings;
    const slots = new Int32Array(Math.max(16, live));
    const pos = new Int32Array(slots.length);
    const next = new Int32Array(slots.length);
    let tableSize = 1 << 10;
    while (tableSize < live * 2) tableSize <<= 1;
    const keys = new Int32Array(tableSize);
    const heads = new Int32Array(tableSize).fill(EMPTY);
    const counts = new Int32Array(tableSize);
    const mask = tableSize - 1;
    let n = 0;
    let used = 0;
    for (let t = 0; t < this.keys.length; t++) {
      if (this.heads[t] === EMPTY) continue;
      let head = EMPTY;
      let tail = EMPTY;
      let count = 0;
      for (let p = this.heads[t]; p !== EMPTY; p = this.next[p]) {
        if (this.slotAlive[this.slots[p]] === 0) continue;
        slots[n] = this.slots[p];
        pos[n] = this.pos[p];
        next[n] = EMPTY;
        if (tail === EMPTY) head = n;
        else next[tail] = n;
        tail = n;
        n++;
        count++;
      }
      if (count === 0) continue;
      const h = this.keys[t];
      let u = h & mask;
      while (heads[u] !== EMPTY) u = (u + 1) & mask;
      keys[u] = h;
      heads[u] = head;
      counts[u] = count;
      used++;
    }
    this.slots = slots;
    this.pos = pos;
    this.next = next;
    this.size = n;
    this.keys = keys;
    this.heads = heads;
    this.counts = counts;
    this.mask = mask;
    this.used = used;
    this.deadPostings = 0;
    for (let slot = 0; slot < this.slotIds.length; slot++) if (this.slotAlive[slot] === 0) this.slotPostings[slot] = 0;
  }
}
