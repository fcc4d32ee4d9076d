import { zipSync } from 'fflate';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/api';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { CheckIndexService } from '../../check/library/check-index.service';
import { PARAGRAPHS } from '../../check/engine/match/test-fixtures';
import { QueueService } from '../../queue/queue.service';

let t: TestApp;
let ds: DataSource;
let admin: string;
const http = api(() => t, { token: () => admin });

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

describe('a cancelled index rebuild (the long handler wired to the cancellation signal)', () => {
  it('stops between batches, marks its run failed with its cursor kept, and a retry completes it', async () => {
    const lib = await http.post('/check/library').send({ libraryName: '重建取消', libraryCode: 'rebuild_cancel', sort: 5 });
    const libraryId = lib.body.data.libraryId as string;
    const files = Object.fromEntries(PARAGRAPHS.slice(0, 3).map((p, i) => [`${i}.txt`, Buffer.from(p, 'utf8')]));
    await http
      .post('/check/document/upload')
      .field('libraryId', libraryId)
      .attach('file', Buffer.from(zipSync(files)), 'three.zip');
    const end = Date.now() + 30_000;
    while (Date.now() < end) {
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM check_document WHERE library_id = $1 AND status = 'indexed'`, [libraryId]);
      if (n === 3) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // A run as requestRebuild makes it, without its queue job: this test is the worker.
    const [{ id }] = await ds.query(
      `INSERT INTO check_index_rebuild (status, total, create_by) SELECT 'running', count(*), 'test' FROM check_document WHERE status = 'indexed'
       RETURNING rebuild_id::text AS id`,
    );
    const index = t.app.get(CheckIndexService);
    const cancelled = new AbortController();
    cancelled.abort(new Error('cancelled'));
    await expect(index.runRebuild(id, cancelled.signal)).rejects.toThrow('cancelled');
    const [stopped] = await ds.query(`SELECT status, error, done, last_doc_id FROM check_index_rebuild WHERE rebuild_id = $1`, [id]);
    expect(stopped).toMatchObject({ status: 'failed', error: 'cancelled' });
    // One batch was done before the signal was looked at; its cursor stays for the retry.
    expect(stopped.done).toBeGreaterThanOrEqual(1);
    expect(Number(stopped.last_doc_id)).toBeGreaterThan(0);

    // The async-task screen reads a rebuild's progress from its run: documents done of the total.
    const queue = t.app.get(QueueService);
    const job = { id: 'job-1', name: 'check.library.rebuild', data: { rebuildId: id } };
    const [{ total }] = await ds.query(`SELECT total FROM check_index_rebuild WHERE rebuild_id = $1`, [id]);
    expect((await queue.progressOf([job])).get('job-1')).toEqual({
      progress: Math.floor((stopped.done * 100) / total),
      message: `${stopped.done}/${total}`,
    });

    await index.runRebuild(id);
    expect((await queue.progressOf([job])).get('job-1')?.progress).toBe(100);
    const [done] = await ds.query(`SELECT status, done, total FROM check_index_rebuild WHERE rebuild_id = $1`, [id]);
    expect(done.status).toBe('completed');
    expect(done.done).toBe(done.total);
  });
});
