import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsAccessService } from '../common/cms-access.service';
import { CmsSite } from '../site/cms-site.entity';
import type { CreatePublishPipeDto, PublishPipeOptionDto, PublishPipeQueryDto, UpdatePublishPipeDto } from './cms-publish-pipe.dto';
import { CmsTemplateService } from '../template/cms-template.service';
import { CmsPublishPipe } from './cms-publish-pipe.entity';

/** The pipes every new site gets. */
export const DEFAULT_PUBLISH_PIPES: ReadonlyArray<{ code: string; name: string; sort: number }> = [
  { code: 'pc', name: 'PC端', sort: 1 },
  { code: 'h5', name: '移动端', sort: 2 },
];

/** Codes a pipe may not take: a pipe publishes into `site/<path>/<code>/`, next to the site's `resources/` folder. */
const RESERVED_CODES = new Set(['resources']);

/**
 * Publish pipes of a site (`pc`, `h5`, ...): each has its own templates and output folder. Writes need `Site:Edit`
 * on the pipe's site; a site always keeps at least one enabled pipe once it has one.
 */
@Injectable()
export class CmsPublishPipeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly templates: CmsTemplateService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CmsPublishPipe);
  }

  /** Pipes of a site, paged, filtered by name part and status. */
  list(siteId: string, query: PublishPipeQueryDto): Promise<PageResult<CmsPublishPipe>> {
    const qb = this.repo.createQueryBuilder('p').where('p.site_id = :siteId', { siteId });
    if (query.name) qb.andWhere('p.name ILIKE :name', { name: `%${escapeLike(query.name)}%` });
    if (query.status) qb.andWhere('p.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: { sort: 'p.sort', code: 'p.code', createTime: 'p.create_time' },
      defaultOrder: { 'p.sort': 'ASC', 'p.publishpipe_id': 'ASC' },
    });
  }

  /** Enabled pipes of a site, by sort, as selector options. */
  async selectData(siteId: string): Promise<PublishPipeOptionDto[]> {
    return (await this.enabled(siteId)).map((p) => ({ pipeCode: p.code, pipeName: p.name }));
  }

  /** Enabled pipes of a site, by sort. */
  enabled(siteId: string): Promise<CmsPublishPipe[]> {
    return this.repo.find({ where: { siteId, status: '0' }, order: { sort: 'ASC', publishpipeId: 'ASC' } });
  }

  /** Codes of a site's enabled pipes, by sort (what publishing renders). */
  async enabledCodes(siteId: string): Promise<string[]> {
    return (await this.enabled(siteId)).map((p) => p.code);
  }

  /** Every pipe of a site (enabled or not), by sort. */
  all(siteId: string): Promise<CmsPublishPipe[]> {
    return this.repo.find({ where: { siteId }, order: { sort: 'ASC', publishpipeId: 'ASC' } });
  }

  /** One pipe; the caller must be able to view its site. */
  async get(user: LoginUser, publishpipeId: string): Promise<CmsPublishPipe> {
    const pipe = await this.find(publishpipeId);
    await this.access.assert(user, 'Site', 'View', pipe.siteId);
    return pipe;
  }

  /** Creates the default pipes (`pc`, `h5`) of a new site, inside the caller's transaction when given. */
  async createDefaults(siteId: string, operator: string, manager?: EntityManager): Promise<CmsPublishPipe[]> {
    const repo = (manager ?? this.dataSource.manager).getRepository(CmsPublishPipe);
    const rows = DEFAULT_PUBLISH_PIPES.map((p) => repo.create({ siteId, ...p, status: '0', createBy: operator, updateBy: operator }));
    return repo.save(rows);
  }

  /** Adds a pipe to a site (needs `Site:Edit`); codes are unique in the site regardless of case. */
  async create(user: LoginUser, siteId: string, dto: CreatePublishPipeDto): Promise<CmsPublishPipe> {
    await this.access.assert(user, 'Site', 'Edit', siteId);
    if (RESERVED_CODES.has(dto.code.toLowerCase())) throw new ServiceException('cms.publishpipe.codeReserved', { code: dto.code });
    const taken = await this.repo
      .createQueryBuilder('p')
      .where('p.site_id = :siteId AND lower(p.code) = lower(:code)', { siteId, code: dto.code })
      .getExists();
    if (taken) throw new ServiceException('cms.publishpipe.codeTaken', { code: dto.code });
    const pipe = this.repo.create({
      siteId,
      name: dto.name,
      code: dto.code,
      status: dto.status ?? '0',
      sort: dto.sort ?? 0,
      remark: dto.remark ?? '',
      createBy: user.userName,
      updateBy: user.userName,
    });
    let saved: CmsPublishPipe;
    try {
      saved = await this.repo.save(pipe);
    } catch (error) {
      // Two concurrent adds of one code: the unique index decides.
      if (isUniqueViolation(error)) throw new ServiceException('cms.publishpipe.codeTaken', { code: dto.code });
      throw error;
    }
    // A new pipe publishes at once: it starts with the default theme, as the pipes of a new site do.
    await this.templates.installDefaultTheme(siteId, [saved.code], user.userName);
    return saved;
  }

  /** Changes name, sort, status and remark (needs `Site:Edit`); the code is fixed because templates and output live under it. */
  async update(user: LoginUser, dto: UpdatePublishPipeDto): Promise<CmsPublishPipe> {
    return this.dataSource.transaction(async (m) => {
      const pipe = await this.find(dto.publishpipeId, m);
      await this.access.assert(user, 'Site', 'Edit', pipe.siteId);
      if (dto.code !== undefined && dto.code !== pipe.code) throw new ServiceException('cms.publishpipe.codeImmutable');
      if (dto.status === '1' && pipe.status === '0') await this.assertAnotherEnabled(m, pipe.siteId, [pipe], 'cms.publishpipe.lastEnabledDisable');
      Object.assign(pipe, {
        name: dto.name,
        sort: dto.sort ?? pipe.sort,
        status: dto.status ?? pipe.status,
        remark: dto.remark ?? pipe.remark,
        updateBy: user.userName,
      });
      return m.getRepository(CmsPublishPipe).save(pipe);
    });
  }

  /** Enables ('0') or disables ('1') a pipe (needs `Site:Edit`); the last enabled pipe of a site cannot be disabled. */
  async setStatus(user: LoginUser, publishpipeId: string, status: '0' | '1'): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const pipe = await this.find(publishpipeId, m);
      await this.access.assert(user, 'Site', 'Edit', pipe.siteId);
      if (pipe.status === status) return;
      if (status === '1') await this.assertAnotherEnabled(m, pipe.siteId, [pipe], 'cms.publishpipe.lastEnabledDisable');
      await m.getRepository(CmsPublishPipe).update({ publishpipeId }, { status, updateBy: user.userName });
    });
  }

  /**
   * Deletes pipes (needs `Site:Edit` on each one's site) with their template index rows, their template and asset
   * files and their published output. A site's last enabled pipe cannot be deleted.
   */
  async remove(user: LoginUser, publishpipeIds: string[]): Promise<void> {
    const removed = await this.dataSource.transaction(async (m) => {
      const pipes = await m.getRepository(CmsPublishPipe).find({ where: { publishpipeId: In(publishpipeIds) }, lock: { mode: 'pessimistic_write' } });
      if (pipes.length !== publishpipeIds.length) throw ServiceException.notFound('cms.publishpipe.notFound');
      const bySite = new Map<string, CmsPublishPipe[]>();
      for (const p of pipes) bySite.set(p.siteId, [...(bySite.get(p.siteId) ?? []), p]);
      const sites: Array<{ site: CmsSite; pipes: CmsPublishPipe[] }> = [];
      for (const [siteId, ofSite] of bySite) {
        await this.access.assert(user, 'Site', 'Edit', siteId);
        await this.assertAnotherEnabled(m, siteId, ofSite, 'cms.publishpipe.lastEnabledRemove');
        const codes = ofSite.map((p) => p.code);
        await m.query(`DELETE FROM cms_template WHERE site_id = $1 AND publish_pipe_code = ANY($2::text[])`, [siteId, codes]);
        // The site's per-pipe settings (URL, templates) go with the pipe (through TypeORM, whose subscribers see it).
        await m
          .createQueryBuilder()
          .update(CmsSite)
          .set({ publishPipeProps: () => 'publish_pipe_props - :codes::text[]', updateBy: user.userName })
          .where('site_id = :siteId', { siteId, codes })
          .execute();
        sites.push({ site: await m.getRepository(CmsSite).findOneByOrFail({ siteId }), pipes: ofSite });
      }
      await m.getRepository(CmsPublishPipe).delete({ publishpipeId: In(publishpipeIds) });
      return sites;
    });
    // Files after the commit: a failed delete leaves rows intact; a failed file removal only leaves unreachable files.
    for (const { site, pipes } of removed) {
      for (const { code } of pipes) {
        await this.storage.deletePrefix(`cms/sites/${site.siteId}/templates/${code}`);
        await this.storage.deletePrefix(`cms/sites/${site.siteId}/assets/${code}`);
        await this.storage.deletePrefix(`site/${site.path}/${code}`);
      }
    }
  }

  private async find(publishpipeId: string, manager?: EntityManager): Promise<CmsPublishPipe> {
    const pipe = await (manager ?? this.dataSource.manager).getRepository(CmsPublishPipe).findOneBy({ publishpipeId });
    if (!pipe) throw ServiceException.notFound('cms.publishpipe.notFound');
    return pipe;
  }

  /** Refuses when taking `leaving` away (disabling or deleting) would leave the site without an enabled pipe. */
  private async assertAnotherEnabled(m: EntityManager, siteId: string, leaving: CmsPublishPipe[], messageKey: string): Promise<void> {
    const enabledLeaving = leaving.filter((p) => p.status === '0');
    if (!enabledLeaving.length) return;
    // Lock the site's pipes so two concurrent calls cannot each take away "the other" last pipe.
    const rows: Array<{ publishpipe_id: string }> = await m.query(
      `SELECT publishpipe_id FROM cms_publish_pipe WHERE site_id = $1 AND status = '0' ORDER BY publishpipe_id FOR UPDATE`,
      [siteId],
    );
    const leavingIds = new Set(leaving.map((p) => String(p.publishpipeId)));
    if (!rows.some((r) => !leavingIds.has(String(r.publishpipe_id)))) {
      throw new ServiceException(messageKey, { code: enabledLeaving.map((p) => p.code).join(', ') });
    }
  }
}
