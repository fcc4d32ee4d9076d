import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t, type MessageArgs } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CHECK_INPUT_ERRORS } from '../engine/ingest';
import type { OriginType } from './check-library.constants';
import { CheckDocument } from './check-document.entity';
import { CheckIndexService } from './check-index.service';
import { CheckLibraryService } from './check-library.service';
import { DocumentIndexer, fingerprintText, storableText } from './document-indexer';
import { MAX_DOC_ID, type DocumentDto, type DocumentQueryDto } from './dto/document.dto';
import { poolOf, withTransaction } from './pg-fingerprint-index';
import { isDocx, isZip, readZipArchive, type ArchiveFile } from '../../common/archive/zip-archive';

/** An uploaded file as multer hands it over. */
export interface UploadedFileLike {
  originalname: string;
  buffer: Buffer;
}

/** A text to put into a library by another module: a published CMS content, a checked paper (self library). */
export interface IndexDocumentInput {
  title: string;
  text: string;
  author?: string;
  /** CMS content id or check order id: indexing the same origin again replaces that document. */
  origin: string;
  originType: Exclude<OriginType, 'upload'>;
  /** The paper's member and file md5 (self library), so a re-check of the same paper can leave it out. */
  memberId?: string;
  paperMd5?: string;
  createBy?: string;
}

/** `论文/第一篇.docx` -> `第一篇`. */
function titleOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).slice(0, 255);
}

/** Message arguments of a failure: the ingest stage's `limit` (bytes, chars, pages) is named in the request language. */
export function inputErrorArgs(args: Record<string, string | number>): MessageArgs {
  return typeof args.limit === 'string' ? { ...args, limit: t(`check.input.limit.${args.limit}`) } : args;
}

export function toDocumentDto(d: CheckDocument): DocumentDto {
  return {
    docId: d.docId,
    libraryId: d.libraryId,
    title: d.title,
    author: d.author,
    origin: d.origin,
    originType: d.originType,
    memberId: d.memberId,
    fileSize: d.fileSize,
    charCount: d.charCount,
    fingerprintCount: d.fingerprintCount,
    status: d.status,
    errorMessage: d.status === 'failed' && d.errorKey ? t(d.errorKey, inputErrorArgs(d.errorArgs)) : '',
    indexedTime: d.indexedTime,
    createBy: d.createBy,
    createTime: d.createTime,
    updateTime: d.updateTime,
  };
}

/** Integer ids of the path that can be documents (doc_id is an int4); others cannot exist. */
function docIdsOf(ids: string[]): number[] {
  return ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= MAX_DOC_ID);
}

/** Source documents of the comparison libraries: uploads, deletes, re-indexing, and texts handed over by other modules. */
@Injectable()
export class CheckDocumentService {
  private readonly logger = new Logger('CheckDocument');
  private readonly pool: Pool;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly libraries: CheckLibraryService,
    private readonly index: CheckIndexService,
  ) {
    this.pool = poolOf(dataSource);
  }

  /** Documents filtered by library, title, status and origin type, newest first. */
  async list(query: DocumentQueryDto): Promise<PageResult<DocumentDto>> {
    const qb = this.dataSource.getRepository(CheckDocument).createQueryBuilder('d');
    if (query.libraryId) qb.andWhere('d.library_id = :libraryId', { libraryId: query.libraryId });
    if (query.title) qb.andWhere('d.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.status) qb.andWhere('d.status = :status', { status: query.status });
    if (query.originType) qb.andWhere('d.origin_type = :originType', { originType: query.originType });
    const page = await paginate(qb, query, {
      sortable: {
        docId: 'd.doc_id',
        title: 'd.title',
        charCount: 'd.char_count',
        status: 'd.status',
        createTime: 'd.create_time',
        indexedTime: 'd.indexed_time',
      },
      defaultOrder: { 'd.doc_id': 'DESC' },
      deferredJoin: true,
    });
    return { total: page.total, rows: page.rows.map(toDocumentDto) };
  }

  async get(docId: string | number): Promise<DocumentDto> {
    const [id] = docIdsOf([String(docId)]);
    const doc = id ? await this.dataSource.getRepository(CheckDocument).findOne({ where: { docId: id } }) : null;
    if (!doc) throw ServiceException.notFound('check.document.notFound');
    return toDocumentDto(doc);
  }

  /**
   * Takes one file, or a zip of many, into a reference library: every file becomes a `pending` document (its content
   * is judged by the indexing job, which marks bad files failed with the reason). A zip that breaks a limit or uses a
   * path trick is refused as a whole, and nothing is stored.
   */
  async upload(libraryId: string, file: UploadedFileLike | undefined, caller: LoginUser): Promise<DocumentDto[]> {
    if (!file) throw new ServiceException('check.document.noFile');
    const library = await this.libraries.get(libraryId);
    if (library.libraryKind !== 'reference') throw new ServiceException('check.document.uploadKind');
    const name = file.originalname.slice(0, 500);
    // A .docx is a zip too; a damaged one named .docx is judged as a document rather than refused as an archive.
    const archive = isZip(file.buffer) && !/\.docx$/i.test(name) && !(await isDocx(file.buffer));
    const files: ArchiveFile[] = archive ? await readZipArchive(file.buffer) : [{ name, data: file.buffer }];
    if (!files.length) throw new ServiceException('check.document.zipEmpty');

    const keys = files.map(() => `check-library/${libraryId}/${randomUUID()}`);
    let docIds: number[];
    try {
      await Promise.all(files.map((f, i) => this.storage.put(keys[i], f.data)));
      docIds = await this.dataSource.transaction(async (m) => {
        const result = await m.getRepository(CheckDocument).insert(
          files.map((f, i) => ({
            libraryId,
            title: titleOf(f.name),
            origin: f.name.slice(0, 500),
            originType: 'upload' as const,
            paperMd5: createHash('md5').update(f.data).digest('hex'),
            fileKey: keys[i],
            fileSize: f.data.length,
            status: 'pending' as const,
            createBy: caller.userName,
          })),
        );
        return result.identifiers.map((row) => Number(row.docId));
      });
    } catch (error) {
      await Promise.all(keys.map((key) => this.storage.delete(key).catch(() => undefined)));
      throw error;
    }
    await this.index.enqueue(docIds);
    const rows = await this.dataSource.getRepository(CheckDocument).find({ where: { docId: In(docIds) }, order: { docId: 'ASC' } });
    return rows.map(toDocumentDto);
  }

  /** Deletes documents with their text and fingerprints, all or none; then their stored files. */
  async remove(ids: string[]): Promise<void> {
    const docIds = docIdsOf(ids);
    if (docIds.length !== ids.length) throw ServiceException.notFound('check.document.notFound');
    const fileKeys = await this.deleteDocuments(docIds, true);
    await this.deleteFiles(fileKeys);
  }

  /** Queues documents for parsing (uploads) or fingerprinting (stored texts) again. */
  async reindex(docIds: number[]): Promise<number> {
    const ids = [...new Set(docIds)];
    const found = await this.pool.query(`SELECT 1 FROM check_document WHERE doc_id = ANY($1::int4[])`, [ids]);
    if (found.rows.length !== ids.length) throw ServiceException.notFound('check.document.notFound');
    const { rows } = await this.pool.query<{ doc_id: number }>(
      `UPDATE check_document SET status = 'pending', error_key = '', error_args = '{}'::jsonb, update_time = now()
       WHERE doc_id = ANY($1::int4[]) AND status <> 'indexing' RETURNING doc_id`,
      [ids],
    );
    await this.index.enqueue(rows.map((r) => r.doc_id).sort((a, b) => a - b));
    return ids.length;
  }

  /**
   * Puts a text into the library with this code and indexes it at once, in one transaction (CMS hook, self library).
   * A document of the same origin is replaced. Throws `check.input.empty` for a text without letters or digits.
   */
  async indexDocument(libraryCode: string, input: IndexDocumentInput): Promise<DocumentDto> {
    const library = await this.libraries.byCode(libraryCode);
    const text = storableText(input.text);
    if (!/[\p{L}\p{N}]/u.test(text)) throw new ServiceException(CHECK_INPUT_ERRORS.empty);
    const origin = input.origin.slice(0, 500);
    const fingerprints = fingerprintText(text);
    const docId = await withTransaction(this.pool, async (client) => {
      // Serialises two hand-overs of the same origin, so they cannot both insert.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`check_document:${library.libraryId}:${input.originType}:${origin}`]);
      const fields = [input.title.slice(0, 255), (input.author ?? '').slice(0, 100), input.memberId ?? null, input.paperMd5 ?? ''];
      const existing = await client.query<{ doc_id: number }>(
        `UPDATE check_document SET title = $4, author = $5, member_id = $6, paper_md5 = $7, status = 'indexing', update_time = now()
         WHERE doc_id = (SELECT doc_id FROM check_document WHERE library_id = $1 AND origin_type = $2 AND origin = $3 ORDER BY doc_id LIMIT 1)
         RETURNING doc_id`,
        [library.libraryId, input.originType, origin, ...fields],
      );
      const id =
        existing.rows[0]?.doc_id ??
        (
          await client.query<{ doc_id: number }>(
            `INSERT INTO check_document (library_id, origin_type, origin, title, author, member_id, paper_md5, status, create_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'indexing', $8) RETURNING doc_id`,
            [library.libraryId, input.originType, origin, ...fields, input.createBy ?? ''],
          )
        ).rows[0].doc_id;
      await new DocumentIndexer(client).write(client, { docId: id, text }, fingerprints);
      return id;
    });
    return this.get(docId);
  }

  /** Removes the documents of an origin from the library with this code (content taken offline); how many went. */
  async removeByOrigin(libraryCode: string, originType: IndexDocumentInput['originType'], origin: string): Promise<number> {
    const library = await this.libraries.byCode(libraryCode);
    const { rows } = await this.pool.query<{ doc_id: number }>(
      `SELECT doc_id FROM check_document WHERE library_id = $1 AND origin_type = $2 AND origin = $3`,
      [library.libraryId, originType, origin],
    );
    if (!rows.length) return 0;
    await this.deleteFiles(
      await this.deleteDocuments(
        rows.map((r) => r.doc_id),
        false,
      ),
    );
    return rows.length;
  }

  /** Deletes rows, text and postings in one transaction; answers the stored files to delete afterwards. */
  private deleteDocuments(docIds: number[], requireAll: boolean): Promise<string[]> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ file_key: string }>(
        // Locked in id order, as the rebuild locks its batches, so the two cannot deadlock.
        `SELECT file_key FROM check_document WHERE doc_id = ANY($1::int4[]) ORDER BY doc_id FOR UPDATE`,
        [docIds],
      );
      if (requireAll && rows.length !== docIds.length) throw ServiceException.notFound('check.document.notFound');
      await client.query('DELETE FROM check_fingerprint WHERE doc_id = ANY($1::int4[])', [docIds]);
      await client.query('DELETE FROM check_document WHERE doc_id = ANY($1::int4[])', [docIds]);
      return rows.map((r) => r.file_key).filter(Boolean);
    });
  }

  private async deleteFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      // The rows are gone already; a file left behind is only disk space.
      await this.storage.delete(key).catch((err: unknown) => this.logger.warn({ err, key }, 'Could not delete a library file'));
    }
  }
}
