import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { ServiceException } from '../../common/errors/service-exception';
import { isUniqueViolation } from '../../database/sql-helpers';
import { QueueService } from '../../queue/queue.service';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { isCheckInputError, parseDocument } from '../engine/ingest';
import { DOCUMENTS_PER_INDEX_JOB, INDEX_JOB, REBUILD_JOB, type LibraryKind } from './check-library.constants';
import { DocumentIndexer, INDEX_K, INDEX_W } from './document-indexer';
import type { IndexStatsDto, LibraryFiguresDto, RebuildStatusDto } from './dto/library.dto';
import { PgFingerprintIndex, poolOf, withTransaction, type FingerprintScope } from './pg-fingerprint-index';
import { PgSourceTextStore } from './pg-source-text-store';

/** A rebuild that has not moved for this long died with its worker and no longer blocks a new one. */
const STALLED_REBUILD = '10 minutes';
/** Characters of stored text fingerprinted per rebuild transaction. */
const REBUILD_BATCH_CHARS = 2_000_000;
/** Job expiry: a batch of documents, and a whole rebuild (it resumes from its cursor if retried). */
const INDEX_JOB_EXPIRY_SECONDS = 3600;
const REBUILD_JOB_EXPIRY_SECONDS = 6 * 3600;

/**
 * The fingerprint index of the comparison libraries: the indexing and rebuild jobs (pg-boss), the statistics, and the
 * index a check searches.
 */
@Injectable()
export class CheckIndexService implements OnModuleInit {
  private readonly logger = new Logger('CheckIndex');
  private readonly pool: Pool;
  private readonly indexer: DocumentIndexer;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly queue: QueueService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {
    this.pool = poolOf(dataSource);
    this.indexer = new DocumentIndexer(this.pool);
  }

  onModuleInit(): void {
    this.queue.register<{ docIds: number[] }>(INDEX_JOB, (data) => this.indexDocuments(data.docIds));
    this.queue.register<{ rebuildId: string }>(REBUILD_JOB, (data, job) => this.runRebuild(data.rebuildId, job.signal));
    // The async-task screen shows a rebuild's progress: documents indexed of the library's total.
    this.queue.registerProgress(REBUILD_JOB, async (jobs) => {
      const byRun = new Map(jobs.map((j) => [String((j.data as { rebuildId?: string })?.rebuildId), j.id]));
      const { rows } = await this.pool.query<{ rebuild_id: string; done: number; total: number }>(
        `SELECT rebuild_id::text, done, total FROM check_index_rebuild WHERE rebuild_id = ANY($1::bigint[])`,
        [[...byRun.keys()].filter((id) => /^\d{1,18}$/.test(id))],
      );
      return new Map(
        rows.map((r) => [
          byRun.get(r.rebuild_id) as string,
          { progress: r.total ? Math.min(100, Math.floor((r.done * 100) / r.total)) : 0, message: `${r.done}/${r.total}` },
        ]),
      );
    });
  }

  /** The fingerprint index, optionally limited to a scope (see checkScope). */
  fingerprintIndex(scope: FingerprintScope = {}): PgFingerprintIndex {
    return new PgFingerprintIndex(this.pool, scope);
  }

  textStore(): PgSourceTextStore {
    return new PgSourceTextStore(this.pool);
  }

  /**
   * What a check of a paper searches: the enabled libraries (of the given kinds, default all), without the member's
   * own earlier submissions of the same paper (same md5) in the self library.
   */
  async checkScope(paper: { memberId?: string | null; paperMd5?: string; kinds?: readonly LibraryKind[] } = {}): Promise<FingerprintScope> {
    const libraries = await this.pool.query<{ id: string }>(
      `SELECT library_id::text AS id FROM check_library WHERE status = '0' AND ($1::varchar[] IS NULL OR library_kind = ANY($1::varchar[]))`,
      [paper.kinds ? [...paper.kinds] : null],
    );
    let excludeDocIds: number[] = [];
    if (paper.memberId && paper.paperMd5) {
      const own = await this.pool.query<{ doc_id: number }>(
        `SELECT d.doc_id FROM check_document d JOIN check_library l ON l.library_id = d.library_id
         WHERE l.library_kind = 'self' AND d.member_id = $1 AND d.paper_md5 = $2`,
        [paper.memberId, paper.paperMd5],
      );
      excludeDocIds = own.rows.map((r) => r.doc_id);
    }
    return { libraryIds: libraries.rows.map((r) => r.id), excludeDocIds };
  }

  /** Queues documents for indexing, in jobs of a bounded size. */
  async enqueue(docIds: number[]): Promise<void> {
    for (let i = 0; i < docIds.length; i += DOCUMENTS_PER_INDEX_JOB) {
      await this.queue.send(INDEX_JOB, { docIds: docIds.slice(i, i + DOCUMENTS_PER_INDEX_JOB) }, { expireInSeconds: INDEX_JOB_EXPIRY_SECONDS });
    }
  }

  /** The indexing job: each document is parsed (or its stored text taken) and indexed, or marked failed with the reason. */
  async indexDocuments(docIds: number[]): Promise<void> {
    for (const docId of docIds) await this.indexOne(docId);
  }

  private async indexOne(docId: number): Promise<void> {
    // Claimed unless deleted or already done; 'indexing' is taken again after a crashed run.
    const claimed = await this.pool.query<{ file_key: string; origin: string }>(
      `UPDATE check_document SET status = 'indexing', update_time = now()
       WHERE doc_id = $1 AND status IN ('pending', 'indexing') RETURNING file_key, origin`,
      [docId],
    );
    if (!claimed.rows.length) return;
    const { file_key: fileKey, origin } = claimed.rows[0];
    try {
      const file = fileKey ? await this.readFile(fileKey) : null;
      if (file) {
        const parsed = await parseDocument(file, origin.slice(origin.lastIndexOf('/') + 1));
        await this.indexer.index({ docId, text: parsed.text, title: parsed.title });
        return;
      }
      // Texts handed over by the CMS or a check, or an upload whose file is gone: the stored text is the source.
      const text = await this.textStore().get(docId);
      if (text === undefined) await this.indexer.fail(docId, 'check.document.fileMissing');
      else await this.indexer.index({ docId, text });
    } catch (error) {
      if (isCheckInputError(error)) {
        await this.indexer.fail(docId, error.message, { ...error.details });
      } else {
        this.logger.error({ err: error, docId }, 'Indexing a library document failed');
        await this.indexer.fail(docId, 'check.document.indexError');
      }
    }
  }

  private async readFile(key: string): Promise<Buffer | null> {
    const stream = await this.storage.get(key);
    if (!stream) return null;
    return Buffer.concat(await stream.toArray());
  }

  /** Starts a rebuild of the whole index from the stored texts (a job); refused while one runs. */
  async requestRebuild(userName: string): Promise<RebuildStatusDto> {
    await this.pool.query(
      `UPDATE check_index_rebuild SET status = 'failed', error = 'stalled', end_time = now()
       WHERE status = 'running' AND update_time < now() - $1::interval`,
      [STALLED_REBUILD],
    );
    let rebuildId: string;
    try {
      const { rows } = await this.pool.query<{ id: string }>(
        `INSERT INTO check_index_rebuild (status, total, create_by)
         SELECT 'running', count(*), $1 FROM check_document WHERE status = 'indexed' RETURNING rebuild_id::text AS id`,
        [userName],
      );
      rebuildId = rows[0].id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('check.library.rebuildRunning');
      throw error;
    }
    try {
      await this.queue.send(REBUILD_JOB, { rebuildId }, { expireInSeconds: REBUILD_JOB_EXPIRY_SECONDS });
    } catch (error) {
      await this.pool.query(`UPDATE check_index_rebuild SET status = 'failed', error = 'not queued', end_time = now() WHERE rebuild_id = $1`, [
        rebuildId,
      ]);
      throw error;
    }
    return (await this.latestRebuild())!;
  }

  /**
   * The rebuild job: drops postings of documents that are not indexed, then fingerprints the stored text of every
   * indexed document again, in batches (one transaction each), recording its progress and cursor in the run's row.
   * A retried job resumes from the cursor; lookups keep working throughout.
   */
  async runRebuild(rebuildId: string, signal?: AbortSignal): Promise<void> {
    try {
      // A retry of a failed attempt runs again, unless another rebuild started meanwhile.
      await this.pool.query(
        `UPDATE check_index_rebuild SET status = 'running', error = '', end_time = NULL, update_time = now() WHERE rebuild_id = $1 AND status = 'failed'`,
        [rebuildId],
      );
    } catch (error) {
      if (isUniqueViolation(error)) return;
      throw error;
    }
    try {
      await this.pool.query(
        `DELETE FROM check_fingerprint f WHERE NOT EXISTS (SELECT 1 FROM check_document d WHERE d.doc_id = f.doc_id AND d.status = 'indexed')`,
      );
      while (await this.rebuildBatch(rebuildId)) {
        // One batch per transaction, until none is left. A cancelled job (异步任务 > stop) ends here, between batches:
        // the run is marked failed, and a retry goes on from its last document.
        signal?.throwIfAborted();
      }
    } catch (error) {
      this.logger.error({ err: error, rebuildId }, 'Index rebuild failed');
      await this.pool.query(
        `UPDATE check_index_rebuild SET status = 'failed', error = $2, end_time = now() WHERE rebuild_id = $1 AND status = 'running'`,
        [rebuildId, String((error as Error).message ?? error).slice(0, 500)],
      );
      throw error;
    }
  }

  /** One batch of the rebuild; false when the run is finished (or no longer running). */
  private rebuildBatch(rebuildId: string): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      // The run's row lock keeps two attempts of the same run from taking the same batch.
      const run = await client.query<{ status: string; last_doc_id: number }>(
        `SELECT status, last_doc_id FROM check_index_rebuild WHERE rebuild_id = $1 FOR UPDATE`,
        [rebuildId],
      );
      if (run.rows[0]?.status !== 'running') return false;
      const { rows } = await client.query<{ doc_id: number; char_count: number }>(
        `SELECT doc_id, char_count FROM check_document WHERE status = 'indexed' AND doc_id > $1 ORDER BY doc_id LIMIT 200`,
        [run.rows[0].last_doc_id],
      );
      if (!rows.length) {
        await client.query(`UPDATE check_index_rebuild SET status = 'completed', end_time = now(), update_time = now() WHERE rebuild_id = $1`, [
          rebuildId,
        ]);
        return false;
      }
      const batch: number[] = [];
      let chars = 0;
      for (const row of rows) {
        if (batch.length && chars + row.char_count > REBUILD_BATCH_CHARS) break;
        batch.push(row.doc_id);
        chars += row.char_count;
      }
      await new DocumentIndexer(client).refingerprint(batch);
      await client.query(`UPDATE check_index_rebuild SET done = done + $2, last_doc_id = $3, update_time = now() WHERE rebuild_id = $1`, [
        rebuildId,
        batch.length,
        batch[batch.length - 1],
      ]);
      return true;
    });
  }

  async latestRebuild(): Promise<RebuildStatusDto | null> {
    const { rows } = await this.pool.query<RebuildStatusDto>(
      `SELECT rebuild_id::text AS "rebuildId", status, total, done, create_by AS "createBy", create_time AS "startTime", end_time AS "endTime"
       FROM check_index_rebuild ORDER BY rebuild_id DESC LIMIT 1`,
    );
    return rows[0] ?? null;
  }

  /** Figures of the whole index (exact counts of the postings) and of each library, and the latest rebuild. */
  async stats(): Promise<IndexStatsDto> {
    // The rebuild first: a rebuild reported completed has all its postings in the counts read after it.
    const rebuild = await this.latestRebuild();
    const index = await this.fingerprintIndex().stats();
    const { rows } = await this.pool.query<Record<string, string>>(
      `SELECT l.library_id::text AS id, l.library_name, l.library_code, l.library_kind, l.status,
         count(d.doc_id) AS documents,
         count(d.doc_id) FILTER (WHERE d.status = 'indexed') AS indexed,
         count(d.doc_id) FILTER (WHERE d.status IN ('pending', 'indexing')) AS pending,
         count(d.doc_id) FILTER (WHERE d.status = 'failed') AS failed,
         coalesce(sum(d.char_count) FILTER (WHERE d.status = 'indexed'), 0) AS characters
       FROM check_library l LEFT JOIN check_document d ON d.library_id = l.library_id
       GROUP BY l.library_id ORDER BY l.sort, l.library_id`,
    );
    const postings = await this.pool.query<{ id: string; n: string }>(
      `SELECT d.library_id::text AS id, count(*) AS n FROM check_fingerprint f JOIN check_document d ON d.doc_id = f.doc_id GROUP BY d.library_id`,
    );
    const postingsOf = new Map(postings.rows.map((r) => [r.id, Number(r.n)]));
    const libraries: LibraryFiguresDto[] = rows.map((r) => ({
      libraryId: r.id,
      libraryName: r.library_name,
      libraryCode: r.library_code,
      libraryKind: r.library_kind as LibraryFiguresDto['libraryKind'],
      status: r.status,
      documents: Number(r.documents),
      indexed: Number(r.indexed),
      pending: Number(r.pending),
      failed: Number(r.failed),
      characters: Number(r.characters),
      postings: postingsOf.get(r.id) ?? 0,
    }));
    const sum = (key: 'documents' | 'indexed' | 'pending' | 'failed' | 'characters') => libraries.reduce((n, l) => n + l[key], 0);
    return {
      documents: sum('documents'),
      indexed: sum('indexed'),
      pending: sum('pending'),
      failed: sum('failed'),
      characters: sum('characters'),
      postings: index.postings,
      distinctHashes: index.distinctHashes,
      indexedDocuments: index.documents,
      k: INDEX_K,
      w: INDEX_W,
      libraries,
      rebuild,
    };
  }
}
