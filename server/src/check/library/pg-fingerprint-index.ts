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

// PostgreSQL's hash partitioning (src/include/catalog/partition.h, common/hashfn.h): the seed of the key's extended
// hash, the constant hash_combine64 adds to a zero start, and 2^64 for unsigned arithmetic.
const HASH_PARTITION_SEED = '8816678312871386365';
const HASH_COMBINE_CONSTANT = '5305509591434766563';
const TWO_64 = '18446744073709551616';

/** The hash partitions of check_fingerprint, when they all share one modulus (as the migration makes them). */
export interface PartitionLayout {
  modulus: number;
  partitions: { name: string; remainder: number }[];
}

const layouts = new WeakMap<object, Promise<PartitionLayout | null>>();

/** Reads the partitions of check_fingerprint (once per pool); null when the table is not hash-partitioned that way. */
export function partitionLayout(db: PgExecutor): Promise<PartitionLayout | null> {
  const cached = isPool(db) ? layouts.get(db) : undefined;
  if (cached) return cached;
  const read = db
    .query<{ name: string; bound: string }>(
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE i.inhparent = 'check_fingerprint'::regclass`,
    )
    .then(({ rows }) => {
      const partitions = rows.map((r) => {
        const m = /modulus (\d+), remainder (\d+)/.exec(r.bound);
        return m ? { name: r.name, modulus: Number(m[1]), remainder: Number(m[2]) } : null;
      });
      if (!partitions.length || partitions.some((p) => !p || p.modulus !== partitions[0]!.modulus)) return null;
      const modulus = partitions[0]!.modulus;
      if (partitions.length !== modulus) return null;
      return { modulus, partitions: partitions.map((p) => ({ name: p!.name, remainder: p!.remainder })) };
    });
  if (isPool(db)) {
    layouts.set(db, read);
    // A failed read is tried again next time.
    read.catch(() => layouts.delete(db));
  }
  return read;
}

/** Parameter numbers of the optional parts of the lookup statement. */
export interface LookupParams {
  /** The posting limit per hash. */
  limit?: number;
  /** The most documents, the fewest postings a document needs, and the documents never kept (int4[]). */
  top?: { max: number; minPostings: number; exclude: number };
}

/**
 * The lookup statement: $1 the hashes (int4[]), the parameters of `params`, `scope` conditions on `f`.
 * On the partitions of `layout`, each is asked only for its own hashes: which partition holds a hash is computed as
 * PostgreSQL does for one int4 key (hashint4extended with the partition seed, combined with 0 — adding a constant —
 * unsigned, modulo the modulus; numeric keeps it exact).
 */
export function lookupSql(layout: PartitionLayout | null, scope: string, params: LookupParams = {}): string {
  let rows: string;
  if (layout) {
    const bucket = `(((hashint4extended(v, ${HASH_PARTITION_SEED})::numeric + ${TWO_64}) % ${TWO_64} + ${HASH_COMBINE_CONSTANT}) % ${TWO_64}) % ${layout.modulus}`;
    rows = `WITH q AS MATERIALIZED (SELECT v, (${bucket})::int AS p FROM unnest($1::int4[]) v) ${layout.partitions
      .map(
        ({ name, remainder }) =>
          `SELECT f.hash, f.doc_id, f.pos FROM ${name} f WHERE f.hash = ANY(ARRAY(SELECT v FROM q WHERE p = ${remainder}))${scope}`,
      )
      .join(' UNION ALL ')}`;
  } else {
    rows = `SELECT f.hash, f.doc_id, f.pos FROM check_fingerprint f WHERE f.hash = ANY($1::int4[])${scope}`;
  }
  if (!params.limit && !params.top) return rows;
  // The postings are read once (r). Hashes over the limit (boilerplate) are found by hashing, not by sorting the
  // postings; the documents a check aligns are chosen here, so the postings of the others never leave the server.
  const ctes = [`r AS MATERIALIZED (${rows})`];
  let kept = '';
  if (params.limit) {
    ctes.push(`common AS (SELECT hash FROM r GROUP BY hash HAVING count(*) > $${params.limit})`);
    kept = ' AND r.hash <> ALL(ARRAY(SELECT hash FROM common))';
  }
  const top = params.top;
  if (!top) return `WITH ${ctes.join(', ')} SELECT r.hash, r.doc_id, r.pos FROM r WHERE true${kept}`;
  ctes.push(
    `top AS (SELECT doc_id FROM r WHERE r.doc_id <> ALL($${top.exclude}::int4[])${kept} GROUP BY doc_id HAVING count(*) >= $${top.minPostings}
             ORDER BY count(*) DESC, doc_id LIMIT $${top.max})`,
  );
  return `WITH ${ctes.join(', ')} SELECT r.hash, r.doc_id, r.pos FROM r JOIN top USING (doc_id) WHERE true${kept}`;
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

  /** Writes the postings of new documents (which have none yet) with one COPY, without looking for old ones. */
  async appendMany(documents: readonly DocumentFingerprints[]): Promise<void> {
    if (documents.every((d) => d.fingerprints.hashes.length === 0)) return;
    await withTransaction(this.db, async (client) => {
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
   *
   * On the hash-partitioned table each partition is asked only for its own hashes: given the whole array, PostgreSQL
   * would prune partitions element by element at planning time and then search every partition for every hash.
   */
  async lookup(hashes: Int32Array, options: LookupOptions = {}): Promise<Postings> {
    const distinct = [...new Set(hashes)];
    if (!distinct.length) return { hashes: new Int32Array(0), docIds: new Int32Array(0), positions: new Int32Array(0), length: 0 };
    const values: unknown[] = [distinct];
    const params: LookupParams = {};
    if ((options.maxPostingsPerHash ?? 0) > 0) params.limit = values.push(options.maxPostingsPerHash);
    const top = options.topDocuments;
    if (top)
      params.top = { max: values.push(top.max), minPostings: values.push(top.minPostings), exclude: values.push([...(top.excludeDocIds ?? [])]) };
    const scope = this.scopeSql(values);
    const text = lookupSql(await partitionLayout(this.db), scope, params);
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
