import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryParser } from '../../../test/helpers/binary';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { DuplicateDetector, MemoryTextStore } from '../engine/match/detector';
import { MemoryFingerprintIndex } from '../engine/match/fingerprint-index';
import { PARAGRAPHS } from '../engine/match/test-fixtures';
import { CheckDocumentService } from './check-document.service';
import { CheckIndexService } from './check-index.service';
import { CheckLibraryModule } from './check-library.module';
import { fingerprintText } from './document-indexer';
import { PgFingerprintIndex, poolOf } from './pg-fingerprint-index';
import { PgSourceTextStore } from './pg-source-text-store';
import { api, expectMessage, type Row } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [CheckLibraryModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

type Method = 'get' | 'post' | 'put' | 'delete';
const http = api(() => t, { token: () => admin });

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const zip = (files: Record<string, string | Buffer>) =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, typeof data === 'string' ? utf8(data) : new Uint8Array(data)]))),
  );

async function addLibrary(libraryCode: string, libraryName = `库${libraryCode}`): Promise<string> {
  const res = await http.post('/check/library').send({ libraryName, libraryCode, sort: 5 });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.libraryId as string;
}

const upload = (libraryId: string, data: Buffer, fileName: string, token = admin, lang = 'zh-CN') =>
  http.as(token).lang(lang).post('/check/document/upload').field('libraryId', libraryId).attach('file', data, fileName);

/** Waits until no document of the library waits for the indexing job. */
async function indexed(libraryId: string): Promise<Row[]> {
  const end = Date.now() + 30_000;
  for (;;) {
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM check_document WHERE library_id = $1 AND status IN ('pending', 'indexing')`, [
      libraryId,
    ]);
    if (n === 0 || Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const res = await http.get(`/check/document/list?libraryId=${libraryId}&orderByColumn=docId&isAsc=asc&pageSize=100`);
  return res.body.data.rows;
}

const postingsOf = async (docId: number) =>
  (await ds.query(`SELECT count(*)::int AS n FROM check_fingerprint WHERE doc_id = $1`, [docId]))[0].n as number;
const documentCount = async () => (await ds.query(`SELECT count(*)::int AS n FROM check_document`))[0].n as number;
const storedFiles = () => {
  const dir = path.join(t.config.storage.localDir, 'check-library');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
};

const TEXT_A = PARAGRAPHS.slice(0, 3).join('\n');
const TEXT_B = PARAGRAPHS.slice(3, 5).join('\n');
const TEXT_C = PARAGRAPHS.slice(5, 7).join('\n');
const TEXT_D = PARAGRAPHS.slice(7, 9).join('\n');

describe('uploading and indexing', () => {
  let libraryId: string;
  let docs: Row[];

  beforeAll(async () => {
    libraryId = await addLibrary('upload_lib', '上传测试库');
  });

  it('takes a .txt and a zip of .txt files, answers at once with pending documents, and indexes them in the background', async () => {
    const single = await upload(libraryId, utf8(TEXT_A), '黄河与茶叶.txt');
    expect(single.status).toBe(201);
    expectMessage(single, 'zh-CN', '已上传 1 个文件，正在建立索引');
    expect(single.body.data).toEqual([
      expect.objectContaining({ title: '黄河与茶叶', origin: '黄河与茶叶.txt', originType: 'upload', status: 'pending' }),
    ]);

    const archive = zip({
      '资料/蜜蜂与围棋.txt': TEXT_B,
      '资料/光合作用.txt': TEXT_C,
      '马拉松.txt': TEXT_D,
      '资料/': Buffer.alloc(0),
      '__MACOSX/._马拉松.txt': 'x',
    });
    const many = await upload(libraryId, archive, '参考资料.zip', admin, 'en');
    expect(many.status).toBe(201);
    expectMessage(many, 'en', '3 file(s) uploaded; indexing');
    expect(many.body.data.map((d: { origin: string }) => d.origin).sort()).toEqual(['资料/光合作用.txt', '资料/蜜蜂与围棋.txt', '马拉松.txt'].sort());

    docs = await indexed(libraryId);
    expect(docs).toHaveLength(4);
    for (const d of docs) {
      expect(d, d.origin).toMatchObject({ status: 'indexed', errorMessage: '' });
      expect(d.charCount).toBeGreaterThan(100);
      expect(d.indexedTime).toBeTruthy();
    }
    // Every document's fingerprints are in the table, as the engine computes them from the stored text.
    for (const d of docs) {
      const [{ text }] = await ds.query(`SELECT text FROM check_document_text WHERE doc_id = $1`, [d.docId]);
      const expected = fingerprintText(text);
      expect(await postingsOf(d.docId)).toBe(expected.hashes.length);
      expect(d.fingerprintCount).toBe(expected.hashes.length);
      const rows = await ds.query(`SELECT hash, pos FROM check_fingerprint WHERE doc_id = $1 ORDER BY pos`, [d.docId]);
      expect(rows.map((r: { hash: number }) => r.hash)).toEqual(Array.from(expected.hashes));
      expect(rows.map((r: { pos: number }) => r.pos)).toEqual(Array.from(expected.positions));
    }
    const [{ text: stored }] = await ds.query(`SELECT text FROM check_document_text WHERE doc_id = $1`, [docs[0].docId]);
    expect(stored).toContain('黄河是中国北方最重要的河流之一');

    const library = (await http.get(`/check/library/${libraryId}`)).body.data;
    expect(library).toMatchObject({
      libraryCode: 'upload_lib',
      libraryKind: 'reference',
      documentCount: 4,
      indexedCount: 4,
      pendingCount: 0,
      failedCount: 0,
    });
    const stats = (await http.get('/check/library/stats')).body.data;
    const mine = stats.libraries.find((l: { libraryId: string }) => l.libraryId === libraryId);
    expect(mine).toMatchObject({ documents: 4, indexed: 4, pending: 0, failed: 0 });
    expect(mine.postings).toBe(docs.reduce((n, d) => n + d.fingerprintCount, 0));
    expect(stats.postings).toBeGreaterThanOrEqual(mine.postings);
    expect(stats.distinctHashes).toBeGreaterThan(0);
    expect(stats).toMatchObject({ k: 8, w: 6 });
  });

  it('finds a passage copied from an indexed document, with the same result as the in-memory index', async () => {
    const pool = poolOf(ds);
    const memory = new DuplicateDetector(new MemoryFingerprintIndex(), new MemoryTextStore());
    for (const d of docs) {
      const [{ text }] = await ds.query(`SELECT text FROM check_document_text WHERE doc_id = $1`, [d.docId]);
      await memory.addDocument(d.docId, text);
    }
    const store = new PgSourceTextStore(pool);
    const postgres = new DuplicateDetector(new PgFingerprintIndex(pool).scoped({ libraryIds: [libraryId] }), store);
    // New sentences around a passage of the Go document with a few words changed and one of the photosynthesis document.
    const copied = '光反应阶段产生氧气和能量载体，暗反应阶段则把二氧化碳固定下来，合成葡萄糖等糖类。';
    const edited = '围棋起源于中国，至今已有四千多年历史。棋盘由纵横各十九条线组成，总共有三百六十一个交叉点，双方轮流在交叉点上落子。';
    const paper = `本研究讨论城市交通拥堵的成因与治理措施，并提出了若干建议。${edited}我们在此基础上进一步分析。${copied}最后给出结论。`;

    const expected = await memory.check(paper);
    const actual = await postgres.check(paper);
    expect(actual).toEqual(expected);
    expect(actual.detections.length).toBeGreaterThanOrEqual(2);
    const go = docs.find((d) => d.origin === '资料/蜜蜂与围棋.txt')!;
    expect(actual.detections.find((d) => paper.slice(d.thisOffset, d.thisOffset + d.thisLength).includes('三百六十一个交叉点'))?.sourceId).toBe(
      go.docId,
    );
    const source = docs.find((d) => d.origin === '资料/光合作用.txt')!;
    const hit = actual.detections.find((d) => paper.slice(d.thisOffset, d.thisOffset + d.thisLength).includes('暗反应阶段'))!;
    expect(hit.sourceId).toBe(source.docId);
    const sourceText = (await store.get(source.docId))!;
    expect(sourceText.slice(hit.sourceOffset, hit.sourceOffset + hit.sourceLength)).toContain('光反应阶段产生氧气和能量载体');
    expect((await store.getMany([source.docId, 999_999])).get(source.docId)).toBe(sourceText);

    // Scopes: another library only, or without the source document.
    const elsewhere = new DuplicateDetector(new PgFingerprintIndex(pool).scoped({ libraryIds: ['1'] }), store);
    expect((await elsewhere.check(paper)).detections).toEqual([]);
    const without = new DuplicateDetector(new PgFingerprintIndex(pool).scoped({ excludeDocIds: [source.docId] }), store);
    expect((await without.check(paper)).detections.map((d) => d.sourceId)).not.toContain(source.docId);
  });

  it('leaves out hashes with more postings than allowed and keeps the documents a check aligns, like the in-memory index', async () => {
    const pool = poolOf(ds);
    const index = new PgFingerprintIndex(pool).scoped({ libraryIds: [libraryId] });
    const memory = new MemoryFingerprintIndex();
    for (const d of docs) {
      const [{ text }] = await ds.query(`SELECT text FROM check_document_text WHERE doc_id = $1`, [d.docId]);
      await memory.add(d.docId, fingerprintText(text));
    }
    const query = fingerprintText(TEXT_A + TEXT_C).hashes;
    const sorted = (p: { hashes: Int32Array; docIds: Int32Array; positions: Int32Array; length: number }) =>
      Array.from({ length: p.length }, (_, i) => `${p.hashes[i]}:${p.docIds[i]}:${p.positions[i]}`).sort();
    expect(sorted(await index.lookup(query))).toEqual(sorted(await memory.lookup(query)));
    expect(sorted(await index.lookup(query, { maxPostingsPerHash: 1 }))).toEqual(sorted(await memory.lookup(query, { maxPostingsPerHash: 1 })));
    expect(await index.has(docs[0].docId)).toBe(true);
    expect((await index.stats()).documents).toBe(4);

    // Only the documents a check aligns: the most postings first, ties to the lower id, none excluded or below the floor.
    const perDoc = new Map<number, number>();
    const all = await memory.lookup(query);
    for (const id of all.docIds) perDoc.set(id, (perDoc.get(id) ?? 0) + 1);
    const ranked = [...perDoc].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    expect(ranked.length).toBeGreaterThanOrEqual(2);
    for (const top of [
      { max: 1, minPostings: 1 },
      { max: 10, minPostings: ranked[0][1] },
      { max: 10, minPostings: 1, excludeDocIds: [ranked[0][0]] },
      { max: 10, minPostings: ranked[0][1] + 1 },
    ]) {
      const kept = await index.lookup(query, { topDocuments: top });
      expect(sorted(kept)).toEqual(sorted(await memory.lookup(query, { topDocuments: top })));
      const expectedIds = ranked
        .filter(([id, n]) => n >= top.minPostings && !(top.excludeDocIds ?? []).includes(id))
        .slice(0, top.max)
        .map(([id]) => id);
      expect([...new Set(kept.docIds)].sort()).toEqual(expectedIds.sort());
      expect(kept.length).toBe(expectedIds.reduce((n, id) => n + perDoc.get(id)!, 0));
    }
  });

  it('deletes a document with its text and fingerprints, and re-indexes one on request', async () => {
    const [first, second] = docs;
    expect(await postingsOf(first.docId)).toBeGreaterThan(0);
    expect((await http.delete(`/check/document/${first.docId}`)).body.code).toBe(200);
    expect(await postingsOf(first.docId)).toBe(0);
    expect(await ds.query(`SELECT 1 FROM check_document_text WHERE doc_id = $1`, [first.docId])).toEqual([]);
    expect((await http.get(`/check/document/${first.docId}`)).status).toBe(404);
    const missing = await http.lang('en').delete(`/check/document/${second.docId},99999999999`);
    expect(missing.status).toBe(404);
    expectMessage(missing, 'en', 'No such document');
    expect(await postingsOf(second.docId)).toBeGreaterThan(0);

    await ds.query(`DELETE FROM check_fingerprint WHERE doc_id = $1`, [second.docId]);
    const again = await http.put('/check/document/reindex').send({ docIds: [second.docId] });
    expect(again.body).toMatchObject({ code: 200, msg: '已提交 1 个文档重新建立索引', data: 1 });
    await indexed(libraryId);
    expect(await postingsOf(second.docId)).toBe(second.fingerprintCount);
    expect((await http.put('/check/document/reindex').send({ docIds: ['x'] })).status).toBe(400);
  });
});

describe('bad files and archives', () => {
  let libraryId: string;
  beforeAll(async () => {
    libraryId = await addLibrary('bad_files');
  });

  it('makes empty, corrupt and unsupported files failed documents with the reason in the caller’s language', async () => {
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('第一章 绪论'), new Paragraph(PARAGRAPHS[9])] }] }));
    await upload(libraryId, Buffer.alloc(0), '空白.txt');
    await upload(libraryId, docx.subarray(0, Math.floor(docx.length / 2)), '损坏的论文.docx');
    await upload(libraryId, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), '图片.txt');
    await upload(libraryId, docx, '京剧.docx');
    await upload(libraryId, utf8('长'.repeat(600_001)), '超长.txt');
    const rows = await indexed(libraryId);
    const byTitle = Object.fromEntries(rows.map((d) => [d.origin, d]));
    expect(byTitle['空白.txt']).toMatchObject({ status: 'failed', errorMessage: '文件中没有可识别的文字', fingerprintCount: 0 });
    expect(byTitle['损坏的论文.docx']).toMatchObject({ status: 'failed', errorMessage: '文件已损坏，无法读取' });
    expect(byTitle['图片.txt']).toMatchObject({ status: 'failed', errorMessage: '不支持的文件类型（png），请上传 docx、pdf 或 txt 文件' });
    expect(byTitle['京剧.docx']).toMatchObject({ status: 'indexed' });
    expect(byTitle['超长.txt']).toMatchObject({ status: 'failed', errorMessage: '文件超出限制：字数最多 600000，实际 600001' });
    for (const d of rows.filter((r) => r.status === 'failed')) expect(await postingsOf(d.docId)).toBe(0);

    const english = await http.lang('en').get(`/check/document/${byTitle['损坏的论文.docx'].docId}`);
    expect(english.body.data.errorMessage).toBe('The file is damaged and cannot be read');
    const tooLong = await http.lang('en').get(`/check/document/${byTitle['超长.txt'].docId}`);
    expect(tooLong.body.data.errorMessage).toBe('The file exceeds a limit: characters at most 600000, actual 600001');
    const taiwan = await http.lang('zh-TW').get(`/check/document/list?libraryId=${libraryId}&status=failed`);
    expect(taiwan.body.data.total).toBe(4);
    expect(taiwan.body.data.rows.map((d: { errorMessage: string }) => d.errorMessage)).toContain('檔案中沒有可辨識的文字');
  });

  it('refuses a zip with a path trick, too many entries or a bomb, storing nothing', async () => {
    const before = { documents: await documentCount(), files: storedFiles() };
    const traversal = await upload(libraryId, zip({ 'ok.txt': TEXT_A, '../../etc/evil.txt': TEXT_B }), 'evil.zip');
    expect(traversal.status).toBe(400);
    expectMessage(traversal, 'zh-CN', '压缩包中的文件路径“../../etc/evil.txt”不安全');
    const absolute = await upload(libraryId, zip({ '/tmp/evil.txt': TEXT_B }), 'abs.zip', admin, 'en');
    expectMessage(absolute, 'en', 'File path "/tmp/evil.txt" in the zip is not safe');

    const crowd = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`f${i}.txt`, `第${i}篇`]));
    const tooMany = await upload(libraryId, zip(crowd), 'many.zip');
    expect(tooMany.status).toBe(400);
    expectMessage(tooMany, 'zh-CN', '压缩包中的文件过多，最多 500 个');

    // 60 MB of zeros compress to about 60 KB: refused from the size the zip declares, before inflating.
    const bomb = Buffer.from(zipSync({ 'bomb.txt': new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    const refused = await upload(libraryId, bomb, 'bomb.zip');
    expect(refused.status).toBe(400);
    expectMessage(refused, 'zh-CN', '压缩包中的文件“bomb.txt”过大，单个文件最多 50 MB');
    // The same bomb declaring 1 KB: inflating stops at 1 KB and the archive is refused as damaged.
    const central = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(1024, central + 24);
    const lying = await upload(libraryId, bomb, 'bomb.zip');
    expect(lying.status).toBe(400);
    expectMessage(lying, 'zh-CN', '压缩包已损坏或格式不受支持');

    const broken = await upload(libraryId, zip({ 'a.txt': TEXT_A, 'b.txt': TEXT_B }).subarray(0, 200), 'broken.zip');
    expectMessage(broken, 'zh-CN', '压缩包已损坏或格式不受支持');

    expect(await documentCount()).toBe(before.documents);
    expect(storedFiles()).toBe(before.files);
    expectMessage(await upload(libraryId, zip({ '说明/': Buffer.alloc(0) }), 'empty.zip'), 'zh-CN', '压缩包中没有文件');
  });

  it('takes uploads into reference libraries only, and needs a file', async () => {
    const [{ library_id: cms }] = await ds.query(`SELECT library_id::text FROM check_library WHERE library_code = 'cms'`);
    const res = await upload(cms, utf8(TEXT_A), 'a.txt');
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '只能向参考文献类比对库上传文档');
    const none = await http.post('/check/document/upload').field('libraryId', libraryId);
    expectMessage(none, 'zh-CN', '请选择要上传的文件');
    expect((await upload('999999', utf8(TEXT_A), 'a.txt')).status).toBe(404);
  });
});

describe('rebuild', () => {
  it('restores every fingerprint from the stored texts after the table was emptied, with progress in the stats', async () => {
    const libraryId = await addLibrary('rebuild_lib');
    await upload(libraryId, zip({ 'a.txt': TEXT_A, 'b.txt': TEXT_B, 'c.txt': TEXT_C }), 'abc.zip');
    await indexed(libraryId);
    const before = await ds.query(`SELECT hash, doc_id, pos FROM check_fingerprint ORDER BY doc_id, pos`);
    expect(before.length).toBeGreaterThan(0);
    await ds.query(`TRUNCATE check_fingerprint`);
    // A stray posting of a document that does not exist goes too.
    await ds.query(`INSERT INTO check_fingerprint (hash, doc_id, pos) VALUES (1, 987654, 0)`);
    expect((await http.get('/check/library/stats')).body.data.postings).toBe(1);

    const started = await http.post('/check/library/rebuild');
    expect(started.body).toMatchObject({ code: 200, msg: '已开始重建索引', data: { status: 'running', done: 0 } });
    expect(started.body.data.total).toBeGreaterThanOrEqual(3);
    const end = Date.now() + 30_000;
    let stats = (await http.get('/check/library/stats')).body.data;
    while (stats.rebuild.status === 'running' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      stats = (await http.get('/check/library/stats')).body.data;
    }
    expect(stats.rebuild).toMatchObject({ status: 'completed', rebuildId: started.body.data.rebuildId, createBy: 'admin' });
    expect(stats.rebuild.done).toBe(stats.rebuild.total);
    expect(stats.rebuild.endTime).toBeTruthy();
    const after = await ds.query(`SELECT hash, doc_id, pos FROM check_fingerprint ORDER BY doc_id, pos`);
    expect(after).toEqual(before);
    expect(stats.postings).toBe(before.length);
  });
});

describe('libraries', () => {
  it('seeds the reference, CMS and self libraries', async () => {
    const res = await http.get('/check/library/list?orderByColumn=libraryId&isAsc=asc');
    expect(res.body.data.rows.slice(0, 3).map((l: { libraryCode: string; libraryKind: string }) => [l.libraryCode, l.libraryKind])).toEqual([
      ['reference', 'reference'],
      ['cms', 'cms'],
      ['self', 'self'],
    ]);
  });

  it('adds, lists with filters, changes and deletes a library, with its rules', async () => {
    const id = await addLibrary('journal_2024', '期刊库');
    expect((await http.get(`/check/library/list?libraryName=${encodeURIComponent('期刊')}`)).body.data).toMatchObject({
      total: 1,
      rows: [{ libraryId: id }],
    });
    expect((await http.get('/check/library/list?libraryKind=self')).body.data.rows.map((l: { libraryCode: string }) => l.libraryCode)).toEqual([
      'self',
    ]);

    const taken = await http.post('/check/library').send({ libraryName: '另一个', libraryCode: 'journal_2024' });
    expect(taken.status).toBe(400);
    expectMessage(taken, 'zh-CN', '保存比对库“另一个”失败，编码“journal_2024”已存在');
    const format = await http.lang('en').post('/check/library').send({ libraryName: 'x', libraryCode: 'bad code' });
    expectMessage(format, 'en', 'The library code may contain only letters, digits and underscores');
    const noName = await http.post('/check/library').send({ libraryName: ' ', libraryCode: 'no_name' });
    expectMessage(noName, 'zh-CN', '比对库名称不能为空');

    const changed = await http.put('/check/library').send({ libraryId: id, libraryName: '期刊论文库', status: '1', sort: 9, libraryCode: 'ignored' });
    expect(changed.body.data).toMatchObject({ libraryName: '期刊论文库', libraryCode: 'journal_2024', status: '1', sort: 9 });

    await upload(id, utf8(TEXT_D), 'd.txt');
    const held = await http.delete(`/check/library/${id}`);
    expect(held.status).toBe(400);
    expectMessage(held, 'zh-CN', '比对库“期刊论文库”中还有文档，不能删除');
    const [{ library_id: self }] = await ds.query(`SELECT library_id::text FROM check_library WHERE library_code = 'self'`);
    expectMessage(await http.delete(`/check/library/${self}`), 'zh-CN', '比对库“自建库”为系统内置，不能删除');

    const docIds = (await indexed(id)).map((d) => d.docId);
    expect((await http.delete(`/check/document/${docIds.join(',')}`)).body.code).toBe(200);
    expect((await http.delete(`/check/library/${id}`)).body.code).toBe(200);
    expect((await http.get(`/check/library/${id}`)).status).toBe(404);
  });

  it('exports libraries and documents as sheets', async () => {
    const res = await http.post('/check/library/list').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).values).toEqual(expect.arrayContaining(['比对库名称', '比对库编码', '比对库类型', '文档数']));
    expect(book.worksheets[0].getRow(2).values).toEqual(expect.arrayContaining(['参考文献库', '参考文献']));
    const docs = await http.post('/check/document/list').set('cc-export', '1').buffer(true).parse(binaryParser);
    expect(docs.status).toBe(200);
  });
});

describe('texts handed over by other modules', () => {
  it('indexes a checked paper into the self library at once, replaces it by origin, and leaves it out of its member’s re-check', async () => {
    const documents = t.app.get(CheckDocumentService);
    const index = t.app.get(CheckIndexService);
    const paper = {
      title: '论蜜蜂',
      text: PARAGRAPHS[3],
      origin: 'order-1001',
      originType: 'order' as const,
      memberId: '42',
      paperMd5: 'a'.repeat(32),
    };
    const first = await documents.indexDocument('self', paper);
    expect(first).toMatchObject({ status: 'indexed', originType: 'order', memberId: '42' });
    expect(await postingsOf(first.docId)).toBe(first.fingerprintCount);
    const second = await documents.indexDocument('self', { ...paper, text: PARAGRAPHS[3] + PARAGRAPHS[4] });
    expect(second.docId).toBe(first.docId);
    expect(second.fingerprintCount).toBeGreaterThan(first.fingerprintCount);
    expect(await postingsOf(first.docId)).toBe(second.fingerprintCount);

    const store = index.textStore();
    const recheck = new DuplicateDetector(index.fingerprintIndex(await index.checkScope({ memberId: '42', paperMd5: paper.paperMd5 })), store);
    expect((await recheck.check(PARAGRAPHS[3])).detections.map((d) => d.sourceId)).not.toContain(first.docId);
    const other = new DuplicateDetector(index.fingerprintIndex(await index.checkScope({ memberId: '43', paperMd5: paper.paperMd5 })), store);
    expect((await other.check(PARAGRAPHS[3])).detections.map((d) => d.sourceId)).toContain(first.docId);

    await expect(documents.indexDocument('self', { ...paper, origin: 'order-1002', text: '。。。' })).rejects.toThrow('check.input.empty');
    await expect(documents.indexDocument('nope', paper)).rejects.toThrow('check.library.notFound');
    expect(await documents.removeByOrigin('self', 'order', 'order-1001')).toBe(1);
    expect(await postingsOf(first.docId)).toBe(0);
  });
});

describe('permissions', () => {
  it('refuses a user without the library permissions, and lets a reader only read', async () => {
    await createRole(t.app, 'nolibrary', ['system.post']);
    await createStaffUser(t.app, { userName: 'nolib1', password: 'Nolib1234', roles: ['nolibrary'] });
    const outsider = await tokenOf(t.app, 'nolib1', 'Nolib1234');
    for (const [method, url] of [
      ['get', '/check/library/list'],
      ['get', '/check/library/stats'],
      ['post', '/check/library/rebuild'],
      ['get', '/check/library/1'],
      ['post', '/check/library'],
      ['delete', '/check/library/1'],
      ['get', '/check/document/list'],
      ['post', '/check/document/upload'],
      ['put', '/check/document/reindex'],
      ['delete', '/check/document/1'],
    ] as Array<[Method, string]>) {
      const res = await http.as(outsider).request(method, url);
      expect(res.status, url).toBe(403);
    }

    await createRole(t.app, 'libreader', ['check.library.query', 'check.library.documentList']);
    await createStaffUser(t.app, { userName: 'libreader1', password: 'Reader1234', roles: ['libreader'] });
    const reader = await tokenOf(t.app, 'libreader1', 'Reader1234');
    expect((await http.as(reader).get('/check/library/list')).status).toBe(200);
    expect((await http.as(reader).get('/check/library/stats')).status).toBe(200);
    expect((await http.as(reader).get('/check/document/list')).status).toBe(200);
    expect((await http.as(reader).post('/check/library').send({ libraryName: 'x', libraryCode: 'x' })).status).toBe(403);
    expect((await http.as(reader).post('/check/library/rebuild')).status).toBe(403);
    expect((await upload('1', utf8(TEXT_A), 'a.txt', reader)).status).toBe(403);
    expect((await http.as(reader).post('/check/library/list').set('cc-export', '1')).status).toBe(403);
  });

  it('seeds the library and document permissions for the menus', async () => {
    const perms = (await ds.query(`SELECT perms FROM sys_menu WHERE menu_key LIKE 'check.library%'`)).map((r: { perms: string }) => r.perms);
    expect(perms).toEqual(
      expect.arrayContaining([
        'check:library:list',
        'check:library:query',
        'check:library:add',
        'check:library:edit',
        'check:library:remove',
        'check:library:export',
        'check:library:rebuild',
        'check:document:list',
        'check:document:query',
        'check:document:add',
        'check:document:edit',
        'check:document:remove',
        'check:document:export',
      ]),
    );
  });
});
