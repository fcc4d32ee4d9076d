import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Hash partitions of check_fingerprint, by the fingerprint hash (what every lookup filters on). */
const PARTITIONS = 16;

/**
 * check_fingerprint becomes a table hash-partitioned on `hash`: each partition holds its own, smaller indexes, which a
 * lookup searches partition by partition, and which vacuum, reindex and bulk loads treat one at a time. The postings
 * are kept: a new table is created and filled, then swapped in under the old name, in this migration's transaction.
 */
export class PartitionFingerprints1795628833643 implements MigrationInterface {
  name = 'PartitionFingerprints1795628833643';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE check_fingerprint_new (hash integer NOT NULL, doc_id integer NOT NULL, pos integer NOT NULL) PARTITION BY HASH (hash)`,
    );
    for (let i = 0; i < PARTITIONS; i++) {
      const part = `check_fingerprint_p${String(i).padStart(2, '0')}`;
      await q.query(`CREATE TABLE ${part} PARTITION OF check_fingerprint_new FOR VALUES WITH (MODULUS ${PARTITIONS}, REMAINDER ${i})`);
    }
    // Copied before the indexes exist: one sorted build per partition is much faster than row-by-row index inserts.
    await q.query(`INSERT INTO check_fingerprint_new (hash, doc_id, pos) SELECT hash, doc_id, pos FROM check_fingerprint`);
    await q.query(`DROP TABLE check_fingerprint`);
    await q.query(`ALTER TABLE check_fingerprint_new RENAME TO check_fingerprint`);
    // Partitioned indexes: PostgreSQL creates (and names) one per partition.
    await q.query(`CREATE INDEX ix_check_fingerprint_hash ON check_fingerprint (hash) INCLUDE (doc_id, pos)`);
    await q.query(`CREATE INDEX ix_check_fingerprint_doc ON check_fingerprint (doc_id)`);
    await q.query(`ANALYZE check_fingerprint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE check_fingerprint_old (hash integer NOT NULL, doc_id integer NOT NULL, pos integer NOT NULL)`);
    await q.query(`INSERT INTO check_fingerprint_old (hash, doc_id, pos) SELECT hash, doc_id, pos FROM check_fingerprint`);
    await q.query(`DROP TABLE check_fingerprint`);
    await q.query(`ALTER TABLE check_fingerprint_old RENAME TO check_fingerprint`);
    await q.query(`CREATE INDEX ix_check_fingerprint_hash ON check_fingerprint (hash) INCLUDE (doc_id, pos)`);
    await q.query(`CREATE INDEX ix_check_fingerprint_doc ON check_fingerprint (doc_id)`);
  }
}
