// The engine's fingerprint index in PostgreSQL: table check_fingerprint (hash int4, doc_id int4, pos int4), written with
// binary COPY and read with `WHERE hash = ANY($1::int4[])`. No NestJS here: the API, the jobs and a check worker
// build it on a pg Pool (or on one client, inside their own transaction).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ClientBase, Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';
import type { Fingerprints } from '../engine/match/fingerprint';
import type { FingerprintIndex, FingerprintIndexStats, LookupOptions, Postings } from '../engine/match/fingerprint-index';

/** Where SQL runs: a pool (each call takes a connection; writes get their own transaction) or one client (the caller's transaction). */
export type PgExecutor = Pool | ClientBase;

/** Which documents a lookup may return (a check looks only at enabled libraries, never at the member's own paper). */
export interface FingerprintScope {
  /** Only documents of these libraries (`check_library.library_id`). */
  libraryIds?: readonly string[];
  /** Never these documents. */
  excludeDocIds?: readonly number[];
}

/** One document's fingerprints, for a batched write. */
export interface DocumentFingerprints {
  docId: number;
  fingerprints: Fingerprints;
}

/** The pg Pool under a TypeORM DataSource (postgres driver), so both share connections. */
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

function isPool(db: PgExecutor): db is Pool {
  return typeof (db as Pool).totalCount === 'number';
}

/** Runs `fn` on one connection: the executor itself when it is a client, else a pooled one in a transaction. */
export async function withTransaction<T>(db: PgExecutor, fn: (client: ClientBase) => Promise<T>): Promise<T> {
  if (!isPool(db)) return fn(db);
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

// Binary COPY: an 11-byte signature, flags and header-extension length (int32 0 each); per row the field count (int16)
// and each field as length (int32) + value (int32, big-endian); then -1 (int16).
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const ROW_BYTES = 2 + 3 * (4 + 4);
const ROWS_PER_CHUNK = 8192;

function* binaryCopyRows(documents: readonly DocumentFingerprints[]): Generator<Buffer> {
  const header = Buffer.alloc(COPY_SIGNATURE.length + 8);
  COPY_SIGNATURE.copy(header);
  yield header;
  let chunk = Buffer.allocUnsafe(ROWS_PER_CHUNK * ROW_BYTES);
  let offset = 0;
  for (const { docId, fingerprints } of documents) {
    const { hashes, positions } = fingerprints;
    for (let i = 0; i < hashes.length; i++) {
      offset = chunk.writeInt16BE(3, offset);
      offset = chunk.writeInt32BE(4, offset);
      offset = chunk.writeInt32BE(hashes[i], offset);
      offset = chunk.writeInt32BE(4, offset);
      offset = chunk.writeInt32BE(docId, offset);
      offset = chunk.writeInt32BE(4, offset);
      offset = chunk.writeInt32BE(positions[i], offset);
      if (offset === chunk.length) {
        yield chunk;
        chunk = Buffer.allocUnsafe(ROWS_PER_CHUNK * ROW_BYTES);
        offset = 0;
      }
    }
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1);
  yield Buffer.concat([chunk.subarray(0, offset), trailer]);
}

export class PgFingerprintIndex implements FingerprintIndex {
  constructor(
    private readonly db: PgExecutor,
    private readonly scope: FingerprintScope = {},
  ) {}

  /** The same index restricted to some libraries and without some documents (lookups, `has` and stats). */
  scoped(scope: FingerprintScope): PgFingerprintIndex {
    return new PgFingerprintIndex(this.db, scope);
  }

  /** The same index on one client, inside the caller's transaction. */
  on(client: ClientBase): PgFingerprintIndex {
    return new PgFingerprintIndex(client, this.scope);
  }

  /** Replaces the document's postings (in one transaction, unless bound to the caller's client). */
  async add(docId: number, fingerprints: Fingerprints): Promise<void> {
    await this.addMany([{ docId, fingerprints }]);
  }

  /** Replaces the postings of several documents with one DELETE and one COPY. */
  async addMany(documents: readonly DocumentFingerprints[]): Promise<void> {
    if (!documents.length) return;
    await withTransaction(this.db, async (client) => {
      await client.query('DELETE FROM check_fingerprint WHERE doc_id = ANY($1::int4[])', [documents.map((d) => d.docId)]);
      if (documents.every((d) => d.fingerprints.hashes.length === 0)) return;
      const copy = client.query(copyFrom('COPY check_fingerprint (hash, doc_id, pos) FROM STDIN (FORMAT binary)'));
      await pipeline(Readable.from(binaryCopyRows(documents)), copy);
    });
  }

  /** Removes the document's postings; false when it had none. */
  async remove(docId: number): Promise<boolean> {
    const result = await this.db.query('DELETE FROM check_fingerprint WHERE doc_id = $1', [docId]);
    return (result.rowCount ?? 0) > 0;
  }

  /** Whether the document has postings (a text shorter than k characters has none). */
  async has(docId: number): Promise<boolean> {
    const values: unknown[] = [docId];
    const result = await this.db.query(`SELECT 1 FROM check_fingerprint f WHERE f.doc_id = $1${this.scopeSql(values)} LIMIT 1`, values);
    return result.rows.length > 0;
  }

  /**
   * Postings of the hashes within the scope. With `maxPostingsPerHash`, a hash with more postings than that in the
   * scope is left out entirely (boilerplate), as the in-memory index does.
   */
  async lookup(hashes: Int32Array, options: LookupOptions = {}): Promise<Postings> {
    const distinct = [...new Set(hashes)];
    if (!distinct.length) return { hashes: new Int32Array(0), docIds: new Int32Array(0), positions: new Int32Array(0), length: 0 };
    const max = options.maxPostingsPerHash ?? 0;
    const values: unknown[] = [distinct];
    if (max > 0) values.push(max);
    const where = `f.hash = ANY($1::int4[])${this.scopeSql(values)}`;
    const text =
      max > 0
        ? `SELECT hash, doc_id, pos FROM (SELECT f.hash, f.doc_id, f.pos, count(*) OVER (PARTITION BY f.hash) AS n
             FROM check_fingerprint f WHERE ${where}) p WHERE n <= $2`
        : `SELECT f.hash, f.doc_id, f.pos FROM check_fingerprint f WHERE ${where}`;
    const result = await this.db.query<[number, number, number]>({ text, values, rowMode: 'array' });
    const n = result.rows.length;
    const out: Postings = { hashes: new Int32Array(n), docIds: new Int32Array(n), positions: new Int32Array(n), length: n };
    for (let i = 0; i < n; i++) {
      const row = result.rows[i];
      out.hashes[i] = row[0];
      out.docIds[i] = row[1];
      out.positions[i] = row[2];
    }
    return out;
  }

  /** Exact counts within the scope (one scan of the postings). */
  async stats(): Promise<FingerprintIndexStats> {
    const values: unknown[] = [];
    const [row] = (
      await this.db.query<{ postings: string; documents: string; hashes: string }>(
        `SELECT count(*) AS postings, count(DISTINCT f.doc_id) AS documents, count(DISTINCT f.hash) AS hashes
         FROM check_fingerprint f WHERE true${this.scopeSql(values)}`,
        values,
      )
    ).rows;
    return { documents: Number(row.documents), postings: Number(row.postings), distinctHashes: Number(row.hashes) };
  }

  /** The scope as `AND ...` conditions on `f`; their values are appended to `values`. */
  private scopeSql(values: unknown[]): string {
    let sql = '';
    if (this.scope.libraryIds) {
      values.push([...this.scope.libraryIds]);
      sql += ` AND f.doc_id IN (SELECT d.doc_id FROM check_document d WHERE d.library_id = ANY($${values.length}::int8[]))`;
    }
    if (this.scope.excludeDocIds?.length) {
      values.push([...this.scope.excludeDocIds]);
      sql += ` AND f.doc_id <> ALL($${values.length}::int4[])`;
    }
    return sql;
  }
}
