// Writing a document into the index: its text and fingerprints together with its status, in one transaction, so a
// document is either fully indexed or not at all. Plain code on a pg executor, shared by the jobs and the service.
import type { ClientBase } from 'pg';
import { mapInSlices } from '../../common/tasks/time-slice';
import { DEFAULT_K, DEFAULT_W, fingerprint, type Fingerprints } from '../engine/match/fingerprint';
import { normalizeForMatching } from '../engine/text/normalize';
import { PgFingerprintIndex, withTransaction, type DocumentFingerprints, type PgExecutor } from './pg-fingerprint-index';
import { PgSourceTextStore } from './pg-source-text-store';

/** The index's fingerprint parameters: the detector must use the same (DEFAULT_K, DEFAULT_W). */
export const INDEX_K = DEFAULT_K;
export const INDEX_W = DEFAULT_W;

/** Fingerprints of a source text exactly as DuplicateDetector.addDocument computes them. */
export function fingerprintText(text: string): Fingerprints {
  return fingerprint(normalizeForMatching(text).text, INDEX_K, INDEX_W);
}

/** A text as stored: PostgreSQL text cannot hold NUL characters. */
export function storableText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/** Characters counted for a document: everything but whitespace. */
export function countChars(text: string): number {
  return text.length - (text.match(/\s/g)?.length ?? 0);
}

export interface IndexedText {
  docId: number;
  text: string;
  /** A title found in the document itself (parsed files); kept otherwise. */
  title?: string;
}

export class DocumentIndexer {
  constructor(private readonly db: PgExecutor) {}

  /**
   * Stores the text and fingerprints of an existing document and marks it indexed. Resolves false when the document
   * no longer exists (deleted meanwhile); then nothing is written.
   */
  async index(doc: IndexedText): Promise<boolean> {
    const text = storableText(doc.text);
    const fingerprints = fingerprintText(text);
    return withTransaction(this.db, (client) => this.write(client, { ...doc, text }, fingerprints));
  }

  /** The same on the caller's client, inside its transaction (fingerprints computed by the caller). */
  async write(client: ClientBase, doc: IndexedText, fingerprints: Fingerprints): Promise<boolean> {
    // The row lock orders this write after a concurrent delete of the document, or before it.
    const { rows } = await client.query('SELECT 1 FROM check_document WHERE doc_id = $1 FOR UPDATE', [doc.docId]);
    if (!rows.length) return false;
    await new PgSourceTextStore(client).put(doc.docId, doc.text);
    await new PgFingerprintIndex(client).add(doc.docId, fingerprints);
    await client.query(
      `UPDATE check_document SET status = 'indexed', title = COALESCE($2, title), char_count = $3, fingerprint_count = $4,
         error_key = '', error_args = '{}'::jsonb, indexed_time = now(), update_time = now()
       WHERE doc_id = $1`,
      [doc.docId, doc.title ? doc.title.slice(0, 255) : null, countChars(doc.text), fingerprints.hashes.length],
    );
    return true;
  }

  /** Records why a document could not be indexed (a message key and its arguments) and drops what it had in the index. */
  async fail(docId: number, errorKey: string, errorArgs: Record<string, string | number> = {}): Promise<void> {
    await withTransaction(this.db, async (client) => {
      const { rows } = await client.query('SELECT 1 FROM check_document WHERE doc_id = $1 FOR UPDATE', [docId]);
      if (!rows.length) return;
      await new PgFingerprintIndex(client).remove(docId);
      await client.query(
        `UPDATE check_document SET status = 'failed', error_key = $2, error_args = $3, fingerprint_count = 0, update_time = now()
         WHERE doc_id = $1`,
        [docId, errorKey, JSON.stringify(errorArgs)],
      );
    });
  }

  /**
   * Fingerprints the stored texts of indexed documents again and replaces their postings (one transaction for the
   * batch). Returns how many were rewritten.
   */
  async refingerprint(docIds: readonly number[]): Promise<number> {
    if (!docIds.length) return 0;
    return withTransaction(this.db, async (client) => {
      const { rows } = await client.query<{ doc_id: number; text: string }>(
        `SELECT d.doc_id, t.text FROM check_document d JOIN check_document_text t ON t.doc_id = d.doc_id
         WHERE d.doc_id = ANY($1::int4[]) AND d.status = 'indexed' ORDER BY d.doc_id FOR UPDATE OF d`,
        [[...docIds]],
      );
      // Megabytes of text: sliced, so that requests to a process that also runs its jobs are answered meanwhile.
      const batch: DocumentFingerprints[] = await mapInSlices(rows, (r) => ({ docId: r.doc_id, fingerprints: fingerprintText(r.text) }));
      await new PgFingerprintIndex(client).addMany(batch);
      await client.query(
        `UPDATE check_document d SET fingerprint_count = v.n FROM unnest($1::int4[], $2::int4[]) AS v(id, n) WHERE d.doc_id = v.id`,
        [batch.map((b) => b.docId), batch.map((b) => b.fingerprints.hashes.length)],
      );
      return batch.length;
    });
  }
}
