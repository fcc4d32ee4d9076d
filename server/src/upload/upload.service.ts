import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Repository } from 'typeorm';
import type { LoginUser } from '../auth/login-user';
import { hasPermission } from '../auth/permission';
import { ServiceException } from '../common/errors/service-exception';
import { tooManyPixels } from '../storage/file-content';
import { FILE_STORAGE, type FileStorage } from '../storage/storage';
import { SysConfigService } from '../system/config/sys-config.service';
import { SysUploadFile } from './sys-upload-file.entity';
import { contentTypeFor, extensionOf, isAllowableExtension } from './upload-type';

/** System parameters (sys_config) of the generic upload, and their defaults (spec 5 and 9). */
export const UPLOAD_CONFIG = {
  allowedExts: { key: 'sys.upload.allowedExts', fallback: 'doc,xls,ppt,txt,pdf,png,jpg,jpeg' },
  maxSizeMb: { key: 'sys.upload.maxSizeMb', fallback: 5 },
  maxCount: { key: 'sys.upload.maxCount', fallback: 5 },
} as const;
/** Bounds a parameter cannot leave (a typo must not let 10 GB or 10,000 files into memory). */
const MAX_SIZE_MB_CEILING = 100;
const MAX_COUNT_CEILING = 20;

/** Permission to read every uploaded file; without it a caller reads only their own uploads. */
export const DOWNLOAD_ANY_PERMISSION = 'system:file:download';
/** Where uploads are stored: `upload/<yyyy>/<mm>/<dd>/<32 hex>.<ext>`; nothing else can be named for download. */
const UPLOAD_PATH = /^upload\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

export interface UploadLimits {
  allowedExts: string[];
  maxSizeMb: number;
  maxBytes: number;
  maxCount: number;
}

/** A file as multer hands it over (memory storage). */
export interface UploadedFileLike {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** One stored file, as RuoYi's `/common/upload` answers it. */
export interface UploadedFileAnswer {
  /** The path to download it with (`GET /common/download?path=`). */
  fileName: string;
  url: string;
  originalFilename: string;
  newFileName: string;
}

/** The answer: the one file's fields; for several files, each of those joined by commas, and `files` always. */
export type UploadAnswer = UploadedFileAnswer & { files: UploadedFileAnswer[] };

export const DOWNLOAD_URL_PREFIX = '/prod-api/common/download?path=';

/** The generic upload and download: limits from system parameters, types by content, reads by uploader or permission. */
@Injectable()
export class UploadService {
  constructor(
    @InjectRepository(SysUploadFile) private readonly files: Repository<SysUploadFile>,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly config: SysConfigService,
  ) {}

  /** The limits as the system parameters say now (invalid values fall back to the defaults). */
  async limits(): Promise<UploadLimits> {
    const [exts, size, count] = await Promise.all([
      this.config.getValue(UPLOAD_CONFIG.allowedExts.key),
      this.config.getValue(UPLOAD_CONFIG.maxSizeMb.key),
      this.config.getValue(UPLOAD_CONFIG.maxCount.key),
    ]);
    const parsedExts = (exts ?? UPLOAD_CONFIG.allowedExts.fallback)
      .split(/[,，;\s]+/)
      .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
      .filter(isAllowableExtension);
    const allowedExts = [...new Set(parsedExts.length ? parsedExts : UPLOAD_CONFIG.allowedExts.fallback.split(','))];
    const number = (value: string | null, fallback: number, ceiling: number) => {
      const n = Number(value);
      return value !== null && value.trim() !== '' && Number.isFinite(n) && n > 0 ? Math.min(n, ceiling) : fallback;
    };
    const maxSizeMb = number(size, UPLOAD_CONFIG.maxSizeMb.fallback, MAX_SIZE_MB_CEILING);
    const maxCount = Math.floor(number(count, UPLOAD_CONFIG.maxCount.fallback, MAX_COUNT_CEILING));
    return { allowedExts, maxSizeMb, maxBytes: Math.floor(maxSizeMb * 1024 * 1024), maxCount: Math.max(1, maxCount) };
  }

  /** Checks every file (extension allowed, size, content of the extension's family), then stores them all. */
  async upload(user: LoginUser, uploaded: UploadedFileLike[]): Promise<UploadAnswer> {
    if (!uploaded.length) throw new ServiceException('upload.fileRequired');
    const limits = await this.limits();
    if (uploaded.length > limits.maxCount) throw new ServiceException('upload.tooMany', { max: limits.maxCount });
    const checked: Array<{ file: UploadedFileLike; ext: string; mime: string; name: string }> = [];
    for (const file of uploaded) {
      const name = displayName(file.originalname);
      const ext = extensionOf(name);
      if (!limits.allowedExts.includes(ext)) throw new ServiceException('upload.badExtension', { types: limits.allowedExts.join('/') });
      if (file.size > limits.maxBytes || file.buffer.length > limits.maxBytes)
        throw new ServiceException('upload.tooLarge', { max: limits.maxSizeMb });
      const mime = await contentTypeFor(ext, file.buffer);
      if (!mime) throw new ServiceException('upload.contentMismatch', { name, ext });
      const bomb = await tooManyPixels(file.buffer, ext);
      if (bomb) throw new ServiceException('upload.imageTooManyPixels', { name, ...bomb });
      checked.push({ file, ext, mime, name });
    }
    const stored: UploadedFileAnswer[] = [];
    const written: string[] = [];
    try {
      for (const { file, ext, mime, name } of checked) {
        const now = new Date();
        const day = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}`;
        const newFileName = `${randomBytes(16).toString('hex')}.${ext}`;
        const path = `upload/${day}/${newFileName}`;
        await this.storage.put(path, file.buffer);
        written.push(path);
        await this.files.insert({ path, originalName: name, fileSize: String(file.buffer.length), mime, userId: user.id, createBy: user.userName });
        stored.push({ fileName: path, url: DOWNLOAD_URL_PREFIX + encodeURIComponent(path), originalFilename: name, newFileName });
      }
    } catch (error) {
      // All or nothing: files of this request already written go away again.
      for (const path of written) {
        await this.storage.delete(path).catch(() => undefined);
        await this.files.delete({ path }).catch(() => undefined);
      }
      throw error;
    }
    const join = (key: keyof UploadedFileAnswer) => stored.map((s) => s[key]).join(',');
    return {
      fileName: join('fileName'),
      url: join('url'),
      originalFilename: join('originalFilename'),
      newFileName: join('newFileName'),
      files: stored,
    };
  }

  /**
   * An uploaded file for download: the path must name a file of the upload root (no `..`, no absolute or encoded
   * path: 403), the file must exist (404), and the caller must be its uploader or hold system:file:download (403).
   */
  async open(user: LoginUser, path: unknown): Promise<{ stream: Readable; fileName: string; mime: string; size: number }> {
    if (typeof path !== 'string' || !UPLOAD_PATH.test(path)) throw ServiceException.forbidden('upload.pathInvalid');
    const row = await this.files.findOneBy({ path });
    if (!row) throw ServiceException.notFound('upload.notFound');
    if (row.userId !== user.id && !hasPermission(user.permissions, DOWNLOAD_ANY_PERMISSION)) throw ServiceException.forbidden('upload.forbidden');
    const stream = await this.storage.get(row.path);
    if (!stream) throw ServiceException.notFound('upload.notFound');
    return { stream, fileName: row.originalName, mime: row.mime, size: Number(row.fileSize) };
  }
}

/** The uploader's file name without any folder, control characters or quotes, at most 255 characters. */
function displayName(original: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '').replace(/["\p{Cc}]/gu, '').trim();
  if (base.length <= 255) return base || 'file';
  const ext = extensionOf(base);
  return ext ? `${base.slice(0, 254 - ext.length)}.${ext}` : base.slice(0, 255);
}
