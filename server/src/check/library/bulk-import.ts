// Bulk import of already-extracted texts into a library: documents, texts and fingerprints of a batch written in one
// transaction (rows of documents and texts by unnest, postings by binary COPY into the partitioned table). For loading a
// large reference collection (tens of millions of characters and more) from a script or an operator's tool, without
// the per-document jobs of uploads.
import type { ClientBase } from 'pg';
import { countChars, fingerprintText, storableText } from './document-indexer';
import { PgFingerprintIndex, withTransaction, type DocumentFingerprints, type PgExecutor } from './pg-fingerprint-index';

export interface ImportedText {
  title: string;
  text: string;
  author?: string;
  /** Where the text came from (a file name, a URL); shown with the source in reports. */
  origin?: string;
}

/** A batch ready to write: texts with their fingerprints (computed apart, so the next batch can be written meanwhile). */
export interface PreparedBatch {
  texts: ImportedText[];
  fingerprints: DocumentFingerprints['fingerprints'][];
}

/** Fingerprints a batch (CPU only; the engine's normalisation and winnowing, as indexing does). */
export function prepareBatch(texts: readonly ImportedText[]): PreparedBatch {
  const stored = texts.map((t) => ({ ...t, text: storableText(t.text) }));
  return { texts: stored, fingerprints: stored.map((t) => fingerprintText(t.text)) };
}

/**
 * Writes a prepared batch into the library as indexed documents (origin type 'upload'); answers their document ids.
 * One transaction: a batch is in the index entirely or not at all.
 */
export function importBatch(db: PgExecutor, libraryId: string, batch: PreparedBatch, createBy = 'import'): Promise<number[]> {
  return withTransaction(db, async (client: ClientBase) => {
    const { texts, fingerprints } = batch;
    const { rows } = await client.query<{ doc_id: number }>(
      `INSERT INTO check_document (library_id, title, author, origin, origin_type, char_count, fingerprint_count, status, indexed_time, create_by)
       SELECT $1, v.title, v.author, v.origin, 'upload', v.chars, v.fps, 'indexed', now(), $7
         FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::int4[], $6::int4[]) WITH ORDINALITY AS v(title, author, origin, chars, fps, n)
        ORDER BY v.n
       RETURNING doc_id`,
      [
        libraryId,
        texts.map((t) => t.title.slice(0, 255)),
        texts.map((t) => (t.author ?? '').slice(0, 100)),
        texts.map((t) => (t.origin ?? '').slice(0, 500)),
        texts.map((t) => countChars(t.text)),
        fingerprints.map((f) => f.hashes.length),
        createBy,
      ],
    );
    // Identities are drawn in insertion order, which the ORDER BY fixes to the batch order.
    const docIds = rows.map((r) => r.doc_id).sort((a, b) => a - b);
    await client.query(`INSERT INTO check_document_text (doc_id, text) SELECT * FROM unnest($1::int4[], $2::text[])`, [
      docIds,
      texts.map((t) => t.text),
    ]);
    await new PgFingerprintIndex(client).appendMany(docIds.map((docId, i) => ({ docId, fingerprints: fingerprints[i] })));
    return docIds;
  });
}

/** The fingerprint table's indexes, as the migrations define them (partitioned: one per partition). */
const FINGERPRINT_INDEXES = [
  'CREATE INDEX IF NOT EXISTS ix_check_fingerprint_hash ON check_fingerprint (hash) INCLUDE (doc_id, pos)',
  'CREATE INDEX IF NOT EXISTS ix_check_fingerprint_doc ON check_fingerprint (doc_id)',
];

/**
 * For a first load into an empty (or nearly empty) index only: drops the fingerprint table's indexes, so the COPY
 * writes bare rows; `restoreFingerprintIndexes` builds them afterwards, one sorted build per partition, much faster
 * than inserting tens of millions of rows into growing B-trees. Lookups and deletes are slow in between: run it
 * before the service takes checks, never under live traffic.
 */
export async function dropFingerprintIndexes(db: PgExecutor): Promise<void> {
  await db.query('DROP INDEX IF EXISTS ix_check_fingerprint_hash');
  await db.query('DROP INDEX IF EXISTS ix_check_fingerprint_doc');
}

/**
 * Builds the fingerprint indexes again (after `dropFingerprintIndexes`), then VACUUM ANALYZE: the statistics for the
 * planner, and the visibility map, without which a lookup reads the table's pages as well as the index (index-only
 * scans need it; autovacuum would set it only later). Runs outside a transaction: `db` is a pool or an idle client.
 */
export async function restoreFingerprintIndexes(db: PgExecutor, maintenanceWorkMem = '256MB'): Promise<void> {
  await withTransaction(db, async (client) => {
    await client.query(`SELECT set_config('maintenance_work_mem', $1, true)`, [maintenanceWorkMem]);
    for (const sql of FINGERPRINT_INDEXES) await client.query(sql);
  });
  await db.query('VACUUM (ANALYZE) check_fingerprint');
}
