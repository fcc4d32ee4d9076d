import type { QueryRunner } from 'typeorm';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Row } from '../../../test/helpers/api';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { PartitionFingerprints1795628833643 } from '../../database/migrations/1795628833643-PartitionFingerprints';
import { DuplicateDetector } from '../engine/match/detector';
import { PARAGRAPHS } from '../engine/match/test-fixtures';
import { dropFingerprintIndexes, importBatch, prepareBatch, restoreFingerprintIndexes } from './bulk-import';
import { CheckLibraryModule } from './check-library.module';
import { fingerprintText } from './document-indexer';
import { lookupSql, partitionLayout, PgFingerprintIndex, poolOf } from './pg-fingerprint-index';
import { PgSourceTextStore } from './pg-source-text-store';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [CheckLibraryModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin });

/** Uploads texts into a new library and waits until they are indexed; answers the documents. */
async function indexedLibrary(code: string, texts: Record<string, string>): Promise<{ libraryId: string; docs: Row[] }> {
  const created = await http.post('/check/library').send({ libraryName: `分区${code}`, libraryCode: code, sort: 5 });
  expect(created.body.code, JSON.stringify(created.body)).toBe(200);
  const libraryId = created.body.data.libraryId as string;
  for (const [name, text] of Object.entries(texts)) {
    const res = await http.post('/check/document/upload').field('libraryId', libraryId).attach('file', Buffer.from(text, 'utf8'), name);
    expect(res.status).toBe(201);
  }
  const end = Date.now() + 30_000;
  for (;;) {
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM check_document WHERE library_id = $1 AND status IN ('pending', 'indexing')`, [
      libraryId,
    ]);
    if (n === 0 || Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const docs = (await http.get(`/check/document/list?libraryId=${libraryId}&orderByColumn=docId&isAsc=asc&pageSize=100`)).body.data.rows as Row[];
  return { libraryId, docs };
}

describe('the partitioned fingerprint table', () => {
  it('is hash-partitioned on the fingerprint hash into 16 partitions, each with its own lookup index', async () => {
    const [table] = await ds.query(
      `SELECT p.partstrat, a.attname FROM pg_partitioned_table p JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
       WHERE p.partrelid = 'check_fingerprint'::regclass`,
    );
    expect(table).toEqual({ partstrat: 'h', attname: 'hash' });
    const parts = await ds.query(`SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'check_fingerprint'::regclass`);
    expect(parts).toHaveLength(16);
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_index x ON x.indrelid = i.inhrelid
       WHERE i.inhparent = 'check_fingerprint'::regclass AND x.indkey[0] = 1 AND x.indnatts = 3`,
    );
    expect(n).toBe(16);
  });

  it('finds passages of documents whose postings lie in different partitions, through the index of each', async () => {
    const texts = {
      '黄河与茶叶.txt': PARAGRAPHS.slice(0, 3).join('\n'),
      '蜜蜂与围棋.txt': PARAGRAPHS.slice(3, 5).join('\n'),
      '光合作用.txt': PARAGRAPHS.slice(5, 7).join('\n'),
    };
    const { libraryId, docs } = await indexedLibrary('partition_lib', texts);
    expect(docs.map((d) => d.status)).toEqual(['indexed', 'indexed', 'indexed']);
    // Every document's postings are spread over several partitions, all of them written.
    for (const d of docs) {
      const [{ parts, n }] = await ds.query(
        `SELECT count(DISTINCT tableoid)::int AS parts, count(*)::int AS n FROM check_fingerprint WHERE doc_id = $1`,
        [d.docId],
      );
      expect(n).toBe(d.fingerprintCount);
      expect(parts).toBeGreaterThan(4);
    }

    const pool = poolOf(ds);
    const detector = new DuplicateDetector(new PgFingerprintIndex(pool).scoped({ libraryIds: [libraryId] }), new PgSourceTextStore(pool));
    const go = '围棋起源于中国，至今已有四千多年历史。棋盘由纵横各十九条线组成，总共有三百六十一个交叉点，双方轮流在交叉点上落子。';
    const light = '光反应阶段产生氧气和能量载体，暗反应阶段则把二氧化碳固定下来，合成葡萄糖等糖类。';
    const paper = `本研究讨论城市交通拥堵的成因与治理措施。${go}我们在此基础上进一步分析。${light}最后给出结论。`;
    const found = (await detector.check(paper)).detections.map((d) => d.sourceId);
    const idOf = (origin: string) => docs.find((d) => d.origin === origin)!.docId as number;
    expect(found).toContain(idOf('蜜蜂与围棋.txt'));
    expect(found).toContain(idOf('光合作用.txt'));
    expect(found).not.toContain(idOf('黄河与茶叶.txt'));

    // Each partition asked for its own hashes gives exactly what the whole table has for them.
    const query = fingerprintText(Object.values(texts).join('\n')).hashes;
    const direct = await ds.query(`SELECT hash, doc_id, pos FROM check_fingerprint WHERE hash = ANY($1::int4[])`, [Array.from(query)]);
    const postings = await new PgFingerprintIndex(pool).lookup(query);
    const key = (h: number, d: number, p: number) => `${h}:${d}:${p}`;
    expect(Array.from({ length: postings.length }, (_, i) => key(postings.hashes[i], postings.docIds[i], postings.positions[i])).sort()).toEqual(
      direct.map((r: { hash: number; doc_id: number; pos: number }) => key(r.hash, r.doc_id, r.pos)).sort(),
    );
    expect(postings.length).toBeGreaterThan(query.length / 2);

    // The lookup reads each partition through its (hash) index, never by scanning the table.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Tiny partitions would be scanned whole; without that choice the plan shows which index serves each one.
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      const hashes = [...new Set(fingerprintText(paper).hashes)];
      const explain = async (sql: string) =>
        (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, [hashes])).rows.map((r) => r['QUERY PLAN']).join('\n');
      // The statement the lookup runs: every partition searched for its own hashes through its own index.
      const routed = await explain(lookupSql(await partitionLayout(pool), ''));
      const scans = routed.match(/Index Only Scan using check_fingerprint_p\d+_hash_doc_id_pos_idx/g) ?? [];
      expect(new Set(scans).size).toBe(16);
      expect(routed).not.toMatch(/Seq Scan on check_fingerprint_p/);
      // The plain statement on the parent table can use the same indexes.
      const plain = await explain(`SELECT f.hash, f.doc_id, f.pos FROM check_fingerprint f WHERE f.hash = ANY($1::int4[])`);
      expect(plain).toMatch(/Index Only Scan using check_fingerprint_p\d+_hash_doc_id_pos_idx/);
      expect(plain).not.toMatch(/Seq Scan/);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });

  it('keeps the postings of an unpartitioned table when migrating', async () => {
    const client = await poolOf(ds).connect();
    try {
      await client.query('BEGIN');
      // The migration, run against a scratch copy of the old layout in its own schema, then rolled back.
      await client.query('CREATE SCHEMA partition_migration_test');
      await client.query('SET LOCAL search_path = partition_migration_test');
      await client.query(`CREATE TABLE check_fingerprint (hash integer NOT NULL, doc_id integer NOT NULL, pos integer NOT NULL)`);
      await client.query(`INSERT INTO check_fingerprint SELECT ((g * 2654435761) % 2147483647)::int4, g % 50, g FROM generate_series(1, 5000) g`);
      const runner = { query: (sql: string) => client.query(sql).then((r) => r.rows) } as unknown as QueryRunner;
      await new PartitionFingerprints1795628833643().up(runner);
      const [{ n, parts }] = (await client.query(`SELECT count(*)::int AS n, count(DISTINCT tableoid)::int AS parts FROM check_fingerprint`)).rows;
      expect(n).toBe(5000);
      expect(parts).toBe(16);
      const [{ strategy }] = (
        await client.query(`SELECT partstrat AS strategy FROM pg_partitioned_table WHERE partrelid = 'check_fingerprint'::regclass`)
      ).rows;
      expect(strategy).toBe('h');
      const row = (await client.query(`SELECT doc_id, pos FROM check_fingerprint WHERE hash = ((1234 * 2654435761::int8) % 2147483647)::int4`)).rows;
      expect(row).toEqual([{ doc_id: 34, pos: 1234 }]);
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  });

  it('bulk-imports texts as indexed documents, also with the indexes dropped during the load and built after it', async () => {
    const created = await http.post('/check/library').send({ libraryName: '批量导入', libraryCode: 'bulk_lib', sort: 6 });
    const libraryId = created.body.data.libraryId as string;
    const pool = poolOf(ds);
    await dropFingerprintIndexes(pool);
    const first = await importBatch(
      pool,
      libraryId,
      prepareBatch([{ title: '蜜蜂与围棋', text: PARAGRAPHS.slice(3, 5).join('\n'), origin: 'a.txt' }]),
    );
    const second = await importBatch(
      pool,
      libraryId,
      prepareBatch([
        { title: '光合作用', text: PARAGRAPHS.slice(5, 7).join('\n'), author: '张三' },
        { title: '马拉松', text: PARAGRAPHS.slice(7, 9).join('\n') },
      ]),
    );
    await restoreFingerprintIndexes(pool);
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_index x ON x.indrelid = i.inhrelid WHERE i.inhparent = 'check_fingerprint'::regclass`,
    );
    expect(n).toBe(32);

    const docs = (await http.get(`/check/document/list?libraryId=${libraryId}&orderByColumn=docId&isAsc=asc&pageSize=100`)).body.data.rows as Row[];
    expect(docs.map((d) => [d.docId, d.title, d.status])).toEqual([
      [first[0], '蜜蜂与围棋', 'indexed'],
      [second[0], '光合作用', 'indexed'],
      [second[1], '马拉松', 'indexed'],
    ]);
    for (const d of docs) {
      const [{ text }] = await ds.query(`SELECT text FROM check_document_text WHERE doc_id = $1`, [d.docId]);
      const [{ postings }] = await ds.query(`SELECT count(*)::int AS postings FROM check_fingerprint WHERE doc_id = $1`, [d.docId]);
      expect(postings).toBe(fingerprintText(text).hashes.length);
      expect(d.fingerprintCount).toBe(postings);
    }
    const detector = new DuplicateDetector(new PgFingerprintIndex(pool).scoped({ libraryIds: [libraryId] }), new PgSourceTextStore(pool));
    const paper = `引言部分。${PARAGRAPHS[5]}结语部分。`;
    expect((await detector.check(paper)).detections.map((d) => d.sourceId)).toContain(second[0]);
  });
});
