import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { buffer as readAll } from 'node:stream/consumers';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import type { CreateTemplateDto, RenameTemplateDto, SaveTemplateDto, TemplateQueryDto } from './cms-template.dto';
import { CmsTemplate } from './cms-template.entity';
import { DEFAULT_THEME } from './default-theme';
import { requestContext } from '../../common/context/request-context';
import { checkTemplateSyntax, isTemplatePath, TEMPLATE_TAGS, type TemplateSource, type TemplateTagDoc } from './engine';

/** Storage key of a template file (docs/cms.md storage layout). */
export function templateStorageKey(siteId: string, pipeCode: string, path: string): string {
  return `cms/sites/${siteId}/templates/${pipeCode}/${path}`;
}

const PIPE_CODE = /^[A-Za-z0-9_]{1,50}$/;
/** How long a cached template text is trusted; other processes (workers) see a save within this time. */
const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 2000;

/** A template row with its text. */
export type CmsTemplateDetail = CmsTemplate & { content: string };

/**
 * Templates of a site: the index rows (`cms_template`) and the files in storage
 * (`cms/sites/<siteId>/templates/<pipe>/<path>`). Every write checks the Liquid syntax first and changes the row and the
 * file together; `source()` gives the engine read access to one pipe's folder, cached in-process.
 */
@Injectable()
export class CmsTemplateService {
  /** `<siteId>/<pipe>/<path>` -> text (null = absent) and when it was read. */
  private readonly cache = new Map<string, { text: string | null; at: number }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CmsTemplate);
  }

  /** Templates of a site, filtered by pipe and part of the path, paged. */
  async list(siteId: string, query: TemplateQueryDto): Promise<PageResult<CmsTemplate>> {
    const qb = this.repo.createQueryBuilder('t').where('t.site_id = :siteId', { siteId });
    if (query.publishPipeCode) qb.andWhere('t.publish_pipe_code = :pipe', { pipe: query.publishPipeCode });
    if (query.filename) qb.andWhere('t.path ILIKE :name', { name: `%${escapeLike(query.filename)}%` });
    return paginate(qb, query, {
      sortable: { path: 't.path', fileSize: 't.file_size', updateTime: 't.update_time', createTime: 't.create_time', templateId: 't.template_id' },
      defaultOrder: { 't.publish_pipe_code': 'ASC', 't.path': 'ASC' },
    });
  }

  /** A template of the site with its text; 404 when it is not the site's. */
  async get(siteId: string, templateId: string): Promise<CmsTemplateDetail> {
    const row = await this.row(siteId, templateId);
    return Object.assign(row, { content: (await this.readFile(siteId, row.publishPipeCode, row.path)) ?? '' });
  }

  /** The template row of a path on a pipe of the site, or null (the site file manager saves template files through `save`). */
  findByPath(siteId: string, pipeCode: string, path: string): Promise<CmsTemplate | null> {
    return this.repo.findOneBy({ siteId, publishPipeCode: pipeCode, path });
  }

  /** Adds a template file on a pipe of the site (syntax checked; the path unique per pipe). */
  async create(user: LoginUser, siteId: string, dto: CreateTemplateDto): Promise<CmsTemplate> {
    const content = dto.content ?? '';
    assertSyntax(content);
    const pipes: unknown[] = await this.dataSource.query('SELECT 1 FROM cms_publish_pipe WHERE site_id = $1 AND code = $2', [
      siteId,
      dto.publishPipeCode,
    ]);
    if (!pipes.length) throw new ServiceException('cms.template.pipeNotFound', { pipe: dto.publishPipeCode });
    const saved = await this.unique(dto.publishPipeCode, dto.path, () =>
      this.dataSource.transaction(async (m) => {
        const row = await m.getRepository(CmsTemplate).save(
          m.getRepository(CmsTemplate).create({
            siteId,
            publishPipeCode: dto.publishPipeCode,
            path: dto.path,
            fileSize: Buffer.byteLength(content),
            remark: dto.remark ?? '',
            createBy: user.userName,
            updateBy: user.userName,
          }),
        );
        // Written inside the transaction: a failed write leaves no index row.
        await this.storage.put(templateStorageKey(siteId, row.publishPipeCode, row.path), Buffer.from(content));
        return row;
      }),
    );
    this.forget(siteId, saved.publishPipeCode, saved.path);
    return saved;
  }

  /** Saves the text of a template; a syntax error is refused (400, line and column) and nothing changes. */
  async save(user: LoginUser, siteId: string, dto: SaveTemplateDto): Promise<CmsTemplate> {
    const row = await this.row(siteId, dto.templateId);
    assertSyntax(dto.content);
    const saved = await this.dataSource.transaction(async (m) => {
      row.fileSize = Buffer.byteLength(dto.content);
      row.updateBy = user.userName;
      if (dto.remark !== undefined) row.remark = dto.remark;
      const updated = await m.getRepository(CmsTemplate).save(row);
      await this.storage.put(templateStorageKey(siteId, row.publishPipeCode, row.path), Buffer.from(dto.content));
      return updated;
    });
    this.forget(siteId, row.publishPipeCode, row.path);
    return saved;
  }

  /** Moves a template to another path of its pipe (unique per pipe). */
  async rename(user: LoginUser, siteId: string, dto: RenameTemplateDto): Promise<CmsTemplate> {
    const row = await this.row(siteId, dto.templateId);
    const oldPath = row.path;
    if (oldPath === dto.path) return row;
    const content = (await this.readFile(siteId, row.publishPipeCode, oldPath)) ?? '';
    const saved = await this.unique(row.publishPipeCode, dto.path, () =>
      this.dataSource.transaction(async (m) => {
        row.path = dto.path;
        row.updateBy = user.userName;
        const updated = await m.getRepository(CmsTemplate).save(row);
        await this.storage.put(templateStorageKey(siteId, row.publishPipeCode, dto.path), Buffer.from(content));
        return updated;
      }),
    );
    // The old file goes once the row points at the new one (a failure here leaves only an unlisted file).
    await this.storage.delete(templateStorageKey(siteId, row.publishPipeCode, oldPath));
    this.forget(siteId, row.publishPipeCode, oldPath);
    this.forget(siteId, row.publishPipeCode, dto.path);
    return saved;
  }

  /** Deletes templates of the site (all or none: 404 when one is not the site's) with their files. */
  async remove(siteId: string, templateIds: string[]): Promise<void> {
    const rows = await this.repo.findBy({ siteId, templateId: In(templateIds) });
    if (rows.length !== new Set(templateIds).size) throw ServiceException.notFound('cms.template.notFound');
    await this.repo.delete({ siteId, templateId: In(templateIds) });
    for (const row of rows) {
      await this.storage.delete(templateStorageKey(siteId, row.publishPipeCode, row.path));
      this.forget(siteId, row.publishPipeCode, row.path);
    }
  }

  /** Drops cached template texts of a site (all sites when none is given). */
  clearCache(siteId?: string): void {
    if (!siteId) {
      this.cache.clear();
      return;
    }
    for (const key of this.cache.keys()) if (key.startsWith(`${siteId}/`)) this.cache.delete(key);
  }

  /** The template help: CMS tags, filters and objects; descriptions in the request's language where an entry has it. */
  tags(): readonly TemplateTagDoc[] {
    const language = requestContext.language();
    if (language === 'zh-CN') return TEMPLATE_TAGS;
    return TEMPLATE_TAGS.map((doc) => (doc.descriptions ? { ...doc, description: doc.descriptions[language] } : doc));
  }

  /** Read access for the engine to one pipe's template folder of a site, cached in-process (dropped on every save). */
  source(siteId: string, pipeCode: string): TemplateSource {
    if (!/^\d{1,19}$/.test(siteId) || !PIPE_CODE.test(pipeCode)) throw new Error(`Bad template source ${siteId}/${pipeCode}`);
    return {
      read: async (path: string) => {
        if (!isTemplatePath(path)) return null;
        const key = `${siteId}/${pipeCode}/${path}`;
        const hit = this.cache.get(key);
        if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.text;
        const text = await this.readFile(siteId, pipeCode, path);
        if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
        this.cache.set(key, { text, at: Date.now() });
        return text;
      },
    };
  }

  /**
   * Writes the default theme (default-theme.ts) into each pipe of the site and indexes it. Idempotent: a template the
   * site already has (row or file) is kept as it is; a file without a row only gets its row.
   */
  async installDefaultTheme(siteId: string, pipeCodes: string[], operator: string): Promise<void> {
    for (const pipe of pipeCodes) {
      if (!PIPE_CODE.test(pipe)) throw new Error(`Bad publish pipe code ${pipe}`);
      await this.dataSource.transaction(async (m) => {
        for (const [path, text] of Object.entries(DEFAULT_THEME)) {
          const key = templateStorageKey(siteId, pipe, path);
          const existing = await this.readFile(siteId, pipe, path);
          if (existing === null) await this.storage.put(key, Buffer.from(text));
          await indexRow(m, siteId, pipe, path, Buffer.byteLength(existing ?? text), operator);
          this.forget(siteId, pipe, path);
        }
      });
    }
  }

  private async row(siteId: string, templateId: string): Promise<CmsTemplate> {
    const row = await this.repo.findOneBy({ siteId, templateId });
    if (!row) throw ServiceException.notFound('cms.template.notFound');
    return row;
  }

  private async readFile(siteId: string, pipeCode: string, path: string): Promise<string | null> {
    const stream = await this.storage.get(templateStorageKey(siteId, pipeCode, path));
    return stream ? (await readAll(stream)).toString('utf8') : null;
  }

  private forget(siteId: string, pipeCode: string, path: string): void {
    this.cache.delete(`${siteId}/${pipeCode}/${path}`);
  }

  /** The unique index decides (no check-then-insert race); its violation names the taken path. */
  private async unique<T>(pipe: string, path: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('cms.template.exists', { pipe, path });
      throw error;
    }
  }
}

/** Index row of a template unless the site's pipe already lists that path. */
async function indexRow(m: EntityManager, siteId: string, pipe: string, path: string, size: number, operator: string): Promise<void> {
  await m.query(
    `INSERT INTO cms_template (site_id, publish_pipe_code, path, file_size, create_by, update_by)
     VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (site_id, publish_pipe_code, path) DO NOTHING`,
    [siteId, pipe, path, size, operator],
  );
}

/** 400 with the first error's line and column (all of them in data.syntaxErrors) when the text does not parse. */
function assertSyntax(content: string): void {
  const issues = checkTemplateSyntax(content);
  if (!issues.length) return;
  const [first] = issues;
  throw new ServiceException('cms.template.syntaxError', { line: first.line, col: first.col, message: first.message }, undefined, undefined, {
    syntaxErrors: issues,
  });
}
