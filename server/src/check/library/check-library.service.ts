import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { CheckLibrary } from './check-library.entity';
import type { CreateLibraryDto, LibraryDto, LibraryQueryDto, UpdateLibraryDto } from './dto/library.dto';

interface DocumentCounts {
  documentCount: number;
  indexedCount: number;
  pendingCount: number;
  failedCount: number;
  charCount: number;
}

const NO_DOCUMENTS: DocumentCounts = { documentCount: 0, indexedCount: 0, pendingCount: 0, failedCount: 0, charCount: 0 };

/** Comparison libraries: staff add reference libraries; the CMS and self libraries are built in. */
@Injectable()
export class CheckLibraryService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Libraries filtered by name, code, kind and status, with the figures of their documents. */
  async list(query: LibraryQueryDto): Promise<PageResult<LibraryDto>> {
    const qb = this.dataSource.getRepository(CheckLibrary).createQueryBuilder('l');
    if (query.libraryName) qb.andWhere('l.library_name ILIKE :name', { name: `%${escapeLike(query.libraryName)}%` });
    if (query.libraryCode) qb.andWhere('l.library_code ILIKE :code', { code: `%${escapeLike(query.libraryCode)}%` });
    if (query.libraryKind) qb.andWhere('l.library_kind = :kind', { kind: query.libraryKind });
    if (query.status) qb.andWhere('l.status = :status', { status: query.status });
    const page = await paginate(qb, query, {
      sortable: {
        libraryId: 'l.library_id',
        libraryName: 'l.library_name',
        libraryCode: 'l.library_code',
        sort: 'l.sort',
        createTime: 'l.create_time',
      },
      defaultOrder: { 'l.sort': 'ASC', 'l.library_id': 'ASC' },
    });
    const counts = await this.documentCounts(page.rows.map((l) => l.libraryId));
    return { total: page.total, rows: page.rows.map((l) => ({ ...l, ...(counts.get(l.libraryId) ?? NO_DOCUMENTS) })) };
  }

  async get(libraryId: string): Promise<LibraryDto> {
    const library = await this.dataSource.getRepository(CheckLibrary).findOne({ where: { libraryId } });
    if (!library) throw ServiceException.notFound('check.library.notFound');
    return { ...library, ...((await this.documentCounts([libraryId])).get(libraryId) ?? NO_DOCUMENTS) };
  }

  /** The library with this code; 404 when absent. */
  async byCode(libraryCode: string): Promise<CheckLibrary> {
    const library = await this.dataSource.getRepository(CheckLibrary).findOne({ where: { libraryCode } });
    if (!library) throw ServiceException.notFound('check.library.notFound');
    return library;
  }

  /** Adds a reference library; the code is unique. */
  async create(caller: LoginUser, dto: CreateLibraryDto): Promise<LibraryDto> {
    const repo = this.dataSource.getRepository(CheckLibrary);
    try {
      const saved = await repo.save(
        repo.create({
          libraryName: dto.libraryName,
          libraryCode: dto.libraryCode,
          libraryKind: 'reference',
          description: dto.description ?? '',
          status: dto.status ?? '0',
          sort: dto.sort ?? 0,
          remark: dto.remark ?? '',
          createBy: caller.userName,
          updateBy: caller.userName,
        }),
      );
      return this.get(saved.libraryId);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ServiceException('check.library.codeTaken', { libraryName: dto.libraryName, libraryCode: dto.libraryCode });
      throw error;
    }
  }

  /** Changes name, description, status, order and remark (the code and kind stay). */
  async update(caller: LoginUser, dto: UpdateLibraryDto): Promise<LibraryDto> {
    const repo = this.dataSource.getRepository(CheckLibrary);
    const library = await repo.findOne({ where: { libraryId: dto.libraryId } });
    if (!library) throw ServiceException.notFound('check.library.notFound');
    await repo.update(
      { libraryId: dto.libraryId },
      {
        libraryName: dto.libraryName,
        description: dto.description ?? library.description,
        status: dto.status ?? library.status,
        sort: dto.sort ?? library.sort,
        remark: dto.remark ?? library.remark,
        updateBy: caller.userName,
      },
    );
    return this.get(dto.libraryId);
  }

  /**
   * Deletes libraries, all or none: refused, naming the library, for the built-in CMS and self libraries and for a
   * library that still holds documents (they are deleted first, which also clears their fingerprints).
   */
  async remove(libraryIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const libraries = await m.getRepository(CheckLibrary).createQueryBuilder('l').setLock('pessimistic_write').whereInIds(libraryIds).getMany();
      if (libraries.length !== libraryIds.length) throw ServiceException.notFound('check.library.notFound');
      const builtIn = libraries.find((l) => l.libraryKind !== 'reference');
      if (builtIn) throw new ServiceException('check.library.builtIn', { libraryName: builtIn.libraryName });
      const [held] = await m.query(`SELECT library_id::text FROM check_document WHERE library_id = ANY($1::int8[]) LIMIT 1`, [libraryIds]);
      if (held)
        throw new ServiceException('check.library.hasDocuments', {
          libraryName: libraries.find((l) => l.libraryId === held.library_id)!.libraryName,
        });
      await m.delete(CheckLibrary, { libraryId: In(libraryIds) });
    });
  }

  private async documentCounts(libraryIds: string[]): Promise<Map<string, DocumentCounts>> {
    const out = new Map<string, DocumentCounts>();
    if (!libraryIds.length) return out;
    const rows: Array<Record<string, string>> = await this.dataSource.query(
      `SELECT library_id::text AS id, count(*) AS total,
         count(*) FILTER (WHERE status = 'indexed') AS indexed,
         count(*) FILTER (WHERE status IN ('pending', 'indexing')) AS pending,
         count(*) FILTER (WHERE status = 'failed') AS failed,
         coalesce(sum(char_count) FILTER (WHERE status = 'indexed'), 0) AS chars
       FROM check_document WHERE library_id = ANY($1::int8[]) GROUP BY library_id`,
      [libraryIds],
    );
    for (const r of rows) {
      out.set(r.id, {
        documentCount: Number(r.total),
        indexedCount: Number(r.indexed),
        pendingCount: Number(r.pending),
        failedCount: Number(r.failed),
        charCount: Number(r.chars),
      });
    }
    return out;
  }
}
