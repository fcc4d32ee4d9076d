import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { buffer as readAll } from 'node:stream/consumers';
import type { DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { SecretBox } from '../../common/crypto/secret-box';
import { ServiceException } from '../../common/errors/service-exception';
import { S3Storage } from '../../storage/s3-storage';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsAccessService } from '../common/cms-access.service';
import { resourceBaseUrl } from '../publish/publish-paths';
import type { SiteStorageChangeDto, SiteStorageDto, SiteStorageViewDto } from './cms-site-storage.dto';
import { CmsSite, type SiteStorageProps } from './cms-site.entity';
import './cms-site-storage.messages';

/** The folder of a site's resources inside its storage: `site/<path>/resources/...`. */
export const RESOURCE_FOLDER = 'resources';

/** Storage key prefix of a site's resources. */
export function resourcePrefix(site: Pick<CmsSite, 'path'>): string {
  return `site/${site.path}/${RESOURCE_FOLDER}`;
}

/**
 * Where a site's resources live: the product's storage (a local folder or the deployment's bucket), or the site's own
 * S3-compatible bucket (MinIO, S3, OSS, COS). Published pages stay on the product's storage; only resources move.
 *
 * Changing the storage copies every resource file to the new place first and switches only when all arrived, then
 * copies what was uploaded meanwhile; the previous storage keeps its files (nothing is deleted), so a change never
 * loses one and can be undone by changing back.
 */
@Injectable()
export class CmsSiteStorageService {
  private readonly logger = new Logger(CmsSiteStorageService.name);
  /** Drivers of sites with their own bucket, by site id, with the settings they were made from. */
  private readonly drivers = new Map<string, { fingerprint: string; storage: FileStorage }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly defaultStorage: FileStorage,
    private readonly secrets: SecretBox,
    private readonly access: CmsAccessService,
  ) {}

  /** The storage holding the site's resources. Reads the settings each time, so a change made by another instance is seen at once. */
  async driverFor(site: Pick<CmsSite, 'siteId'>): Promise<FileStorage> {
    return this.driverOf(String(site.siteId), await this.propsOf(site.siteId));
  }

  /** Base URL of the site's resources in pages: its resource domain, else its bucket's public URL, else `/site/<path>/`. */
  async resourceBase(site: Pick<CmsSite, 'siteId' | 'path' | 'resourceUrl'>): Promise<string> {
    return baseOf(site, await this.propsOf(site.siteId));
  }

  /** The settings (never the secret) and what is stored now. */
  async view(user: LoginUser, siteId: string): Promise<SiteStorageViewDto> {
    await this.access.assert(user, 'Site', 'View', siteId);
    const site = await this.requireSite(siteId);
    const props = await this.propsOf(siteId);
    const storage = await this.driverOf(siteId, props);
    const keys = await storage.list(resourcePrefix(site));
    return {
      driver: props.driver ?? 'default',
      endpoint: props.endpoint ?? '',
      region: props.region ?? '',
      bucket: props.bucket ?? '',
      accessKey: props.accessKey ?? '',
      secretKeySet: Boolean(props.secretKeySealed),
      publicUrl: props.publicUrl ?? '',
      resourceBase: baseOf(site, props),
      fileCount: keys.length,
    };
  }

  /**
   * Moves the site's resources to another storage: connects, copies every file, switches, copies stragglers. A failure
   * before the switch leaves the site as it was (the partial copy in the new place is harmless and is reused next time).
   */
  async change(user: LoginUser, siteId: string, dto: SiteStorageDto): Promise<SiteStorageChangeDto> {
    await this.access.assert(user, 'Site', 'Edit', siteId);
    const site = await this.requireSite(siteId);
    const before = await this.propsOf(siteId);
    const after = this.nextProps(site, before, dto);
    const lockKey = `cms-site-storage:${siteId}`;
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [lockKey])) as { locked: boolean }[];
      if (!locked) throw new ServiceException('cms.site.storage.busy');
      try {
        const from = await this.driverOf(siteId, before);
        const to = await this.connect(after);
        const sameplace = placeOf(before) === placeOf(after);
        const prefix = resourcePrefix(site);
        const first = sameplace ? { copied: 0, bytes: 0 } : await this.copyMissing(from, to, prefix);
        await this.dataSource
          .createQueryBuilder()
          .update(CmsSite)
          .set({ storageProps: after, updateBy: user.userName })
          .where('site_id = :siteId', { siteId })
          .execute();
        this.drivers.delete(siteId);
        // Uploads that started before the switch wrote to the previous place: copy them too.
        const late = sameplace ? { copied: 0, bytes: 0 } : await this.copyMissing(from, to, prefix);
        const keptInPrevious = sameplace ? 0 : (await from.list(prefix)).length;
        this.logger.log(`Site ${siteId} resources moved to ${placeOf(after)}: ${first.copied + late.copied} file(s) copied`);
        return { copied: first.copied + late.copied, bytes: first.bytes + late.bytes, keptInPrevious };
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]);
      }
    } finally {
      await runner.release();
    }
  }

  /** The settings a change asks for; the stored secret is kept when none is sent for the same account. */
  private nextProps(site: CmsSite, before: SiteStorageProps, dto: SiteStorageDto): SiteStorageProps {
    if (dto.driver === 'default') return { driver: 'default' };
    const endpoint = dto.endpoint!.replace(/\/+$/, '');
    const sameAccount = before.driver === 's3' && before.endpoint === endpoint && before.accessKey === dto.accessKey;
    const secretKeySealed = dto.secretKey ? this.secrets.seal(dto.secretKey) : sameAccount ? before.secretKeySealed : undefined;
    if (!secretKeySealed) throw new ServiceException('cms.site.storage.secretKey');
    const publicUrl = (dto.publicUrl ?? '').replace(/\/+$/, '');
    if (!publicUrl && !site.resourceUrl) throw new ServiceException('cms.site.storage.publicUrlRequired');
    return { driver: 's3', endpoint, region: dto.region || 'us-east-1', bucket: dto.bucket, accessKey: dto.accessKey, secretKeySealed, publicUrl };
  }

  /** A driver for settings about to be saved: checks the endpoint, the keys and the bucket (made when missing). */
  private async connect(props: SiteStorageProps): Promise<FileStorage> {
    if (props.driver !== 's3') return this.defaultStorage;
    try {
      return await S3Storage.create(this.s3Config(props));
    } catch (error) {
      const reason = (error as { code?: string } | null)?.code ?? (error as Error).name ?? 'Error';
      throw new ServiceException('cms.site.storage.unreachable', { reason });
    }
  }

  /** Copies the files under `prefix` that the target lacks (or holds with another size); answers what it copied. */
  private async copyMissing(from: FileStorage, to: FileStorage, prefix: string): Promise<{ copied: number; bytes: number }> {
    const present = new Set(await to.list(prefix));
    let copied = 0;
    let bytes = 0;
    for (const key of await from.list(prefix)) {
      if (present.has(key)) continue;
      const stream = await from.get(key);
      if (!stream) continue; // deleted meanwhile
      const data = await readAll(stream);
      await to.put(key, data);
      copied += 1;
      bytes += data.length;
    }
    return { copied, bytes };
  }

  private async driverOf(siteId: string, props: SiteStorageProps): Promise<FileStorage> {
    if (props.driver !== 's3') return this.defaultStorage;
    const fingerprint = JSON.stringify(props);
    const cached = this.drivers.get(siteId);
    if (cached?.fingerprint === fingerprint) return cached.storage;
    const storage = await S3Storage.create(this.s3Config(props));
    this.drivers.set(siteId, { fingerprint, storage });
    return storage;
  }

  private s3Config(props: SiteStorageProps) {
    return {
      endpoint: props.endpoint!,
      region: props.region || 'us-east-1',
      bucket: props.bucket!,
      accessKey: props.accessKey!,
      secretKey: this.secrets.open(props.secretKeySealed!),
      publicUrl: props.publicUrl,
    };
  }

  private async propsOf(siteId: string): Promise<SiteStorageProps> {
    const row = await this.dataSource
      .getRepository(CmsSite)
      .createQueryBuilder('s')
      .select('s.siteId')
      .addSelect('s.storageProps')
      .where('s.site_id = :siteId', { siteId })
      .getOne();
    return row?.storageProps ?? {};
  }

  private async requireSite(siteId: string): Promise<CmsSite> {
    const site = await this.dataSource.getRepository(CmsSite).findOneBy({ siteId });
    if (!site) throw ServiceException.notFound('cms.site.notFound');
    return site;
  }
}

/** Where files go, for comparing two settings: the product's storage, or endpoint + bucket. */
function placeOf(props: SiteStorageProps): string {
  return props.driver === 's3' ? `s3:${props.endpoint}/${props.bucket}` : 'default';
}

function baseOf(site: Pick<CmsSite, 'path' | 'resourceUrl'>, props: SiteStorageProps): string {
  return resourceBaseUrl({ ...site, resourceBucketUrl: props.driver === 's3' ? props.publicUrl : '' });
}
