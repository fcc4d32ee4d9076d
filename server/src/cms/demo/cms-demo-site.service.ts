import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsCatalogService } from '../catalog/cms-catalog.service';
import { CmsContentService } from '../content/cms-content.service';
import { CmsSiteService } from '../site/cms-site.service';
import type { CmsSite } from '../site/cms-site.entity';
import { gradientPng, toneWav } from './demo-media';
import { DEMO_ARTICLES, DEMO_AUDIOS, DEMO_CATALOGS, DEMO_IMAGE_SETS, DEMO_SITE, DEMO_VIDEOS } from './demo-site.data';

/** What a seed made. */
export interface DemoSiteResult {
  siteId: string;
  catalogIds: string[];
  contentIds: string[];
}

/**
 * The demo site (示例站点) of a new install: a site with four catalogs and a dozen published pieces of content of the
 * four types, made through the CMS services (site, catalog, content create and publish) as the super administrator,
 * so the same rules apply as in the back office. The server calls it once, on the first start of the embedded
 * database (DEMO_SITE=false turns it off); it never touches a database that holds a CMS site already.
 */
@Injectable()
export class CmsDemoSiteService {
  private readonly logger = new Logger('CmsDemoSite');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sites: CmsSiteService,
    private readonly catalogs: CmsCatalogService,
    private readonly contents: CmsContentService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Seeds the demo site unless any CMS site exists; answers what it made, or null when it did nothing. */
  async seed(): Promise<DemoSiteResult | null> {
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM cms_site`);
    if (n > 0) return null;
    const user = await this.superAdmin();
    if (!user) return null;

    const site = await this.sites.create(user, { name: DEMO_SITE.name, path: DEMO_SITE.path, description: DEMO_SITE.description });
    const catalogIds: string[] = [];
    for (const c of DEMO_CATALOGS) {
      const catalog = await this.catalogs.create(user, site, { name: c.name, alias: c.alias, description: c.description });
      catalogIds.push(String(catalog.catalogId));
    }
    const [newsId, photosId, audioId, videoId] = catalogIds;
    const contentIds: string[] = [];
    const add = async (dto: Parameters<CmsContentService['create']>[1]) => contentIds.push(String((await this.contents.create(user, dto)).contentId));

    // Oldest first: each new piece goes on top of its catalog, so the welcome article ends up first.
    for (const a of [...DEMO_ARTICLES].reverse()) {
      await add({
        catalogId: newsId,
        contentType: 'article',
        title: a.title,
        author: a.author,
        summary: a.summary,
        contentHtml: a.paragraphs.map((p) => `<p>${p}</p>`).join(''),
      });
    }
    for (const [i, set] of DEMO_IMAGE_SETS.entries()) {
      const images = [];
      for (const [j, image] of set.images.entries()) {
        images.push({
          path: await this.resource(site, `photo-${i + 1}-${j + 1}.png`, gradientPng(480, 320, image.from, image.to)),
          title: image.title,
          description: '',
        });
      }
      await add({ catalogId: photosId, contentType: 'image', title: set.title, summary: set.summary, logo: images[0].path, images });
    }
    for (const [i, a] of DEMO_AUDIOS.entries()) {
      const path = await this.resource(site, `tone-${i + 1}.wav`, toneWav(a.notes, a.seconds));
      await add({
        catalogId: audioId,
        contentType: 'audio',
        title: a.title,
        summary: a.summary,
        audios: [{ path, title: a.title, description: a.summary, duration: Math.round(a.seconds) }],
      });
    }
    for (const v of DEMO_VIDEOS) {
      await add({
        catalogId: videoId,
        contentType: 'video',
        title: v.title,
        summary: v.summary,
        videos: [{ type: 'share', embedCode: v.embedCode, title: v.title, description: '' }],
      });
    }

    // Publishing queues the content pages, their lists and the home page; a site publish adds the theme's assets.
    await this.contents.publish(user, contentIds);
    try {
      await this.sites.publish(user, { siteId: site.siteId });
    } catch (error) {
      this.logger.warn(`The demo site was made but not published: ${(error as Error).message}`);
    }
    this.logger.log(
      `Demo site "${DEMO_SITE.name}" made: ${catalogIds.length} catalogs, ${contentIds.length} published contents, at /site/${site.path}/pc/`,
    );
    return { siteId: String(site.siteId), catalogIds, contentIds };
  }

  /** Stores a file among the site's resources (where uploads go) and answers its path relative to the site. */
  private async resource(site: CmsSite, name: string, data: Buffer): Promise<string> {
    const path = `resources/demo/${name}`;
    await this.storage.put(`site/${site.path}/${path}`, data);
    return path;
  }

  /** The first active super administrator, as a signed-in user the services accept. */
  private async superAdmin(): Promise<LoginUser | null> {
    const [row] = await this.dataSource.query(
      `SELECT u.user_id, u.user_name, u.nick_name, u.dept_id FROM sys_user u
       JOIN sys_user_role ur ON ur.user_id = u.user_id JOIN sys_role r ON r.role_id = ur.role_id
       WHERE r.role_key = $1 AND u.status = '0' AND u.del_flag = '0' ORDER BY u.user_id LIMIT 1`,
      [SUPER_ADMIN_ROLE],
    );
    if (!row) {
      this.logger.warn('No super administrator: the demo site was not made');
      return null;
    }
    const now = Date.now();
    return {
      realm: 'staff',
      id: String(row.user_id),
      tokenId: 'demo-site-seed',
      userName: row.user_name,
      nickName: row.nick_name,
      deptId: row.dept_id === null ? null : String(row.dept_id),
      deptName: '',
      roles: [SUPER_ADMIN_ROLE],
      permissions: ['*:*:*'],
      ipaddr: '127.0.0.1',
      browser: '',
      os: '',
      loginTime: now,
      lastAccessTime: now,
      expireAt: now + 60_000,
    };
  }
}
