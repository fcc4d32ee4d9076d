import { Inject, Injectable } from '@nestjs/common';
import { ResultCode, type SiteFileTreeNode } from '@zhiwen/shared';
import { isUtf8 } from 'node:buffer';
import { buffer as readAll } from 'node:stream/consumers';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { detectContent, tooManyPixels } from '../../storage/file-content';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsPublishPipeService } from '../publishpipe/cms-publish-pipe.service';
import type { CmsSite } from '../site/cms-site.entity';
import { TEMPLATE_CONTENT_MAX } from '../template/cms-template.dto';
import { CmsTemplateService } from '../template/cms-template.service';
import { EDIT_MAX_BYTES, type AddFileDto, type FileRowDto } from './cms-file.dto';

/** Files the editor opens: text only. */
export const EDITABLE_EXTS = ['html', 'shtml', 'htm', 'css', 'js', 'txt', 'xml', 'json'] as const;
/** Binary uploads (their content checked by FILE_CONTENT: never the name alone). */
const BINARY_EXTS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'ico', 'bmp', 'woff', 'woff2', 'ttf', 'otf', 'pdf', 'mp4', 'webm', 'mp3'];
/** What may be uploaded into the site's folders: the text types, SVG (checked as text with an `<svg` element) and the binary types. */
export const UPLOAD_EXTS = [...EDITABLE_EXTS, 'svg', ...BINARY_EXTS];
/** Limits of one upload request. */
export const FILE_LIMITS = { maxUploadBytes: 10 * 1024 * 1024, maxUploadFiles: 20, maxDeletePaths: 100, maxRenameFiles: 5000, maxListRows: 2000 };

/** One name of a path: letters, digits, `_`, `.` and `-`, not starting with a dot (no `.`, `..` or hidden files), 1-100 characters. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;
/** The folder marker that keeps an empty folder (S3 has no folders); never listed. */
export const FOLDER_MARKER = '.keep';
const THEME_ASSETS = 'theme-assets';
const THEME_TEMPLATES = 'theme-templates';

type Area = 'publish' | 'assets' | 'templates';

/** A path resolved inside one root of the site. */
interface Place {
  /** The path the caller sent, normalized (`pc/css/site.css`). */
  rel: string;
  area: Area;
  pipe: string;
  /** Storage folder of the root (`site/<sitePath>/<pipe>`, `cms/sites/<id>/assets/<pipe>`, ...). */
  base: string;
  /** The site's folder the root lies in (`site/<sitePath>` or `cms/sites/<id>`): no link may lead out of it. */
  siteRoot: string;
  /** Path inside the root ('' = the root itself). */
  inner: string;
  key: string;
}

/** The roots listing and the theme groups (`theme-assets`, `theme-templates`) are virtual: nothing can be written there. */
type Resolved = { kind: 'top'; rel: '' } | { kind: 'group'; rel: string; group: string } | ({ kind: 'place' } & Place);

/** A folder of the tree (`GET /cms/file/directoryTreeData`), the type the admin client reads. */
export type FileTreeNode = SiteFileTreeNode;

const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');
const isEditable = (name: string) => (EDITABLE_EXTS as readonly string[]).includes(extOf(name));
const shown = (name: string) => !name.startsWith('.');

/**
 * The site file manager (文件管理): each publish pipe's published folder, the theme's static assets and its template
 * files, browsed as one tree of relative paths (`pc/...`, `theme-assets/pc/...`, `theme-templates/pc/...`). Every path
 * is checked name by name and then resolved in storage; on local storage a link leading out of the site's folder is
 * refused (`FileStorage.isWithin`). Template files have index rows: here they are read and saved through the template
 * module (its syntax check applies); creating, uploading, renaming and deleting them belongs to Templates.
 */
@Injectable()
export class CmsFileService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly pipes: CmsPublishPipeService,
    private readonly templates: CmsTemplateService,
  ) {}

  /**
   * The entries of a folder (folders first, then by name, at most 2000: narrow with the name filter); the roots when
   * `filePath` is empty or `/`. Files carry their size and last change; folders neither (summing them would read
   * every file under a published root of thousands of pages).
   */
  async list(site: CmsSite, filePath: string | undefined, filter?: string): Promise<FileRowDto[]> {
    const at = await this.resolve(site, filePath ?? '');
    const wanted = filter?.trim().toLowerCase();
    const keep = (name: string) => !wanted || name.toLowerCase().includes(wanted);
    if (at.kind !== 'place') {
      return (await this.rootNames(site, at))
        .filter((r) => keep(r.name))
        .map((r) => folderRow(r.path, r.name, true, r.path.startsWith(THEME_TEMPLATES)));
    }
    await this.assertInside(at);
    const keys = await this.storage.list(at.key);
    if (at.inner && !keys.length) {
      if (await this.storage.stat(at.key)) throw new ServiceException('cms.file.notFolder', { path: at.rel });
      throw ServiceException.notFound('cms.file.notFound', { path: at.rel });
    }
    const folders = new Set<string>();
    const files: string[] = [];
    for (const key of keys) {
      const parts = key.slice(at.key.length + 1).split('/');
      if (!shown(parts[0]) || !keep(parts[0])) continue;
      if (parts.length === 1) files.push(parts[0]);
      else folders.add(parts[0]);
    }
    const byName = (a: string, b: string) => a.localeCompare(b);
    const template = at.area === 'templates';
    const rows = [...folders].sort(byName).map((name) => folderRow(`${at.rel}/${name}`, name, false, template));
    for (const name of files.sort(byName).slice(0, Math.max(0, FILE_LIMITS.maxListRows - rows.length))) {
      const info = await this.storage.stat(`${at.key}/${name}`);
      if (!info) continue;
      rows.push({
        filePath: `${at.rel}/${name}`,
        fileName: name,
        isDirectory: false,
        fileSize: info.size,
        modifyTime: info.modified,
        canEdit: isEditable(name),
        isRoot: false,
        isTemplate: template,
      });
    }
    return rows.slice(0, FILE_LIMITS.maxListRows);
  }

  /** The folders of every root as a tree (files are in `list`). */
  async tree(site: CmsSite): Promise<FileTreeNode[]> {
    const pipes = await this.pipes.all(site.siteId);
    const rootNode = async (id: string, label: string, parentId: string): Promise<FileTreeNode> => {
      const at = (await this.resolve(site, id)) as { kind: 'place' } & Place;
      const node: FileTreeNode = { id, parentId, label, isRoot: true, children: [] };
      // A root that is itself a link out of the site's folder shows nothing (listing it would follow the link).
      if (!(await this.isInside(at))) return node;
      const byId = new Map<string, FileTreeNode>([[id, node]]);
      for (const key of await this.storage.list(at.key)) {
        const parts = key
          .slice(at.key.length + 1)
          .split('/')
          .slice(0, -1);
        let parent = node;
        for (let i = 0; i < parts.length && shown(parts[i]); i++) {
          const childId = `${id}/${parts.slice(0, i + 1).join('/')}`;
          let child = byId.get(childId);
          if (!child) {
            child = { id: childId, parentId: parent.id, label: parts[i], isRoot: false, children: [] };
            byId.set(childId, child);
            parent.children!.push(child);
          }
          parent = child;
        }
      }
      for (const n of byId.values()) n.children!.sort((a, b) => a.label.localeCompare(b.label));
      return node;
    };
    const tree: FileTreeNode[] = [];
    for (const p of pipes) tree.push(await rootNode(p.code, t('cms.file.root.publish', { name: p.name }), ''));
    for (const [group, label] of [
      [THEME_ASSETS, t('cms.file.root.themeAssets')],
      [THEME_TEMPLATES, t('cms.file.root.templates')],
    ]) {
      const children: FileTreeNode[] = [];
      for (const p of pipes) children.push(await rootNode(`${group}/${p.code}`, p.code, group));
      tree.push({ id: group, parentId: '', label, isRoot: true, children });
    }
    return tree;
  }

  /** The text of an editable file (at most 1 MB of UTF-8). */
  async read(site: CmsSite, filePath: string): Promise<string> {
    const at = await this.file(site, filePath);
    assertEditable(at.inner);
    const info = await this.storage.stat(at.key);
    if (!info) throw ServiceException.notFound('cms.file.notFound', { path: at.rel });
    if (info.size > EDIT_MAX_BYTES) throw new ServiceException('cms.file.tooLargeToEdit', { max: EDIT_MAX_BYTES / 1024 });
    const data = await this.bytes(at);
    if (!isUtf8(data)) throw new ServiceException('cms.file.notText', { name: nameOf(at.rel) });
    return data.toString('utf8');
  }

  /** Saves the text of an existing editable file; a template goes through the template module (syntax checked). */
  async edit(user: LoginUser, site: CmsSite, filePath: string, content: string): Promise<void> {
    const at = await this.file(site, filePath);
    assertEditable(at.inner);
    if (Buffer.byteLength(content) > EDIT_MAX_BYTES) throw new ServiceException('cms.file.tooLargeToEdit', { max: EDIT_MAX_BYTES / 1024 });
    if (!(await this.storage.stat(at.key))) throw ServiceException.notFound('cms.file.notFound', { path: at.rel });
    if (at.area === 'templates') {
      const row = await this.templates.findByPath(site.siteId, at.pipe, at.inner);
      if (!row) throw new ServiceException('cms.file.templateNotIndexed', { path: at.rel });
      // The template module's own limit (its DTO checks it on its route; here the file manager does).
      if (content.length > TEMPLATE_CONTENT_MAX) throw new ServiceException('cms.template.contentTooLong', [TEMPLATE_CONTENT_MAX]);
      await this.templates.save(user, site.siteId, { templateId: row.templateId, content });
      return;
    }
    await this.storage.put(at.key, Buffer.from(content, 'utf8'));
  }

  /** Creates a folder (kept by a hidden marker) or an empty text file in a folder. */
  async add(site: CmsSite, dto: AddFileDto): Promise<{ filePath: string }> {
    const dir = await this.writableFolder(site, dto.dir);
    const name = checkName(dto.fileName);
    if (!dto.isDirectory && !isEditable(name)) throw new ServiceException('cms.file.notEditable', { exts: EDITABLE_EXTS.join(', ') });
    const target = await this.child(dir, name);
    await this.assertFree(target, name);
    await this.storage.put(dto.isDirectory ? `${target.key}/${FOLDER_MARKER}` : target.key, Buffer.alloc(0));
    return { filePath: target.rel };
  }

  /**
   * Stores uploaded files in a folder; all are checked before one is written. A file of the same name is replaced only
   * with `overwrite`; without it the upload is refused naming the first such file, all of them listed in `data.existing`
   * (the client asks and sends again with `overwrite=true`). A folder of the same name is never replaced.
   */
  async upload(
    site: CmsSite,
    dirPath: string,
    files: Array<{ originalname: string; buffer: Buffer }>,
    overwrite = false,
  ): Promise<{ filePath: string }[]> {
    if (!files.length) throw new ServiceException('cms.file.fileRequired');
    if (files.length > FILE_LIMITS.maxUploadFiles) throw new ServiceException('cms.file.tooManyFiles', { max: FILE_LIMITS.maxUploadFiles });
    const dir = await this.writableFolder(site, dirPath);
    const targets: Array<{ place: Place; data: Buffer }> = [];
    const existing: string[] = [];
    for (const file of files) {
      const name = checkName(file.originalname);
      await assertUploadable(name, file.buffer);
      const place = await this.child(dir, name);
      if ((await this.storage.list(place.key)).length) throw new ServiceException('cms.file.exists', { name });
      if (!overwrite && (await this.storage.stat(place.key))) existing.push(name);
      targets.push({ place, data: file.buffer });
    }
    if (existing.length) {
      const key = existing.length > 1 ? 'cms.file.uploadExistsMany' : 'cms.file.uploadExists';
      throw new ServiceException(key, { name: existing[0], count: existing.length }, ResultCode.ERROR, undefined, { existing });
    }
    for (const { place, data } of targets) await this.storage.put(place.key, data);
    return targets.map(({ place }) => ({ filePath: place.rel }));
  }

  /** Renames a file or a folder in its folder; a file changing its type is checked again by content. */
  async rename(site: CmsSite, filePath: string, rename: string): Promise<{ filePath: string }> {
    const at = await this.writablePlace(site, filePath);
    const name = checkName(rename);
    const parentRel = at.rel.slice(0, at.rel.lastIndexOf('/'));
    const parent = await this.resolve(site, parentRel);
    const target = await this.child(parent as { kind: 'place' } & Place, name);
    if (target.key === at.key) return { filePath: at.rel };
    const info = await this.storage.stat(at.key);
    if (info) {
      if (!UPLOAD_EXTS.includes(extOf(name))) throw new ServiceException('cms.file.typeNotAllowed', { name, exts: UPLOAD_EXTS.join(', ') });
      const data = await this.bytes(at);
      if (extOf(name) !== extOf(nameOf(at.rel))) await assertUploadable(name, data);
      await this.assertFree(target, name);
      await this.storage.put(target.key, data);
      await this.storage.delete(at.key);
      return { filePath: target.rel };
    }
    const keys = await this.storage.list(at.key);
    if (!keys.length) throw ServiceException.notFound('cms.file.notFound', { path: at.rel });
    if (keys.length > FILE_LIMITS.maxRenameFiles) throw new ServiceException('cms.file.folderTooLarge', { max: FILE_LIMITS.maxRenameFiles });
    await this.assertFree(target, name);
    // Copied first, removed after: a failure halfway leaves both folders, never neither.
    for (const key of keys) {
      const stream = await this.storage.get(key);
      if (stream) await this.storage.put(`${target.key}${key.slice(at.key.length)}`, await readAll(stream));
    }
    await this.storage.deletePrefix(at.key);
    return { filePath: target.rel };
  }

  /** Deletes files and folders (with everything in them); every path is checked before anything is deleted. */
  async remove(site: CmsSite, filePaths: string[]): Promise<void> {
    const places: Array<{ place: Place; folder: boolean }> = [];
    for (const filePath of filePaths) {
      const place = await this.writablePlace(site, filePath);
      if (await this.storage.stat(place.key)) places.push({ place, folder: false });
      else if ((await this.storage.list(place.key)).length) places.push({ place, folder: true });
      else throw ServiceException.notFound('cms.file.notFound', { path: place.rel });
    }
    for (const { place, folder } of places) {
      if (folder) await this.storage.deletePrefix(place.key);
      else await this.storage.delete(place.key);
      // The folder it was in stays, even when this was its last file (S3 forgets folders that hold nothing).
      const parentInner = place.inner.includes('/') ? place.inner.slice(0, place.inner.lastIndexOf('/')) : '';
      if (parentInner) {
        const parentKey = `${place.base}/${parentInner}`;
        if (!(await this.storage.list(parentKey)).length) await this.storage.put(`${parentKey}/${FOLDER_MARKER}`, Buffer.alloc(0));
      }
    }
  }

  // --- paths ---------------------------------------------------------------------------------------------------

  /** Checks a path name by name and finds its root; nothing outside the site's roots can be named. */
  private async resolve(site: CmsSite, raw: string): Promise<Resolved> {
    if (typeof raw !== 'string') throw new ServiceException('cms.file.badPath', { path: '' });
    const shownPath = raw.slice(0, 200);
    if (raw === '' || raw === '/') return { kind: 'top', rel: '' };
    if (raw.startsWith('/') || raw.includes('\\') || raw.includes('\0')) throw new ServiceException('cms.file.badPath', { path: shownPath });
    const parts = (raw.endsWith('/') ? raw.slice(0, -1) : raw).split('/');
    if (!parts.every((p) => NAME.test(p))) throw new ServiceException('cms.file.badPath', { path: shownPath });
    const rel = parts.join('/');
    const codes = new Set((await this.pipes.all(site.siteId)).map((p) => p.code));
    const [first, second, ...rest] = parts;
    if (first === THEME_ASSETS || first === THEME_TEMPLATES) {
      if (second === undefined) return { kind: 'group', rel, group: first };
      if (!codes.has(second)) throw ServiceException.notFound('cms.file.notFound', { path: rel });
      const area: Area = first === THEME_ASSETS ? 'assets' : 'templates';
      const base = `cms/sites/${site.siteId}/${area}/${second}`;
      const inner = rest.join('/');
      return { kind: 'place', rel, area, pipe: second, base, siteRoot: `cms/sites/${site.siteId}`, inner, key: inner ? `${base}/${inner}` : base };
    }
    if (!codes.has(first)) throw ServiceException.notFound('cms.file.notFound', { path: rel });
    const base = `site/${site.path}/${first}`;
    const inner = [second, ...rest].filter((p) => p !== undefined).join('/');
    return { kind: 'place', rel, area: 'publish', pipe: first, base, siteRoot: `site/${site.path}`, inner, key: inner ? `${base}/${inner}` : base };
  }

  /** The rows of the roots listing or of a theme group. */
  private async rootNames(site: CmsSite, at: Resolved): Promise<Array<{ path: string; name: string }>> {
    const codes = (await this.pipes.all(site.siteId)).map((p) => p.code);
    if (at.kind === 'group') return codes.map((code) => ({ path: `${at.rel}/${code}`, name: code }));
    return [...codes, THEME_ASSETS, THEME_TEMPLATES].map((name) => ({ path: name, name }));
  }

  /** Refuses a place whose real location (links followed, on local storage) is outside its root or the site's folder. */
  private async assertInside(place: Place): Promise<void> {
    if (!(await this.isInside(place))) throw new ServiceException('cms.file.outsideRoot', { path: place.rel });
  }

  private async isInside(place: Place): Promise<boolean> {
    return (await this.storage.isWithin(place.siteRoot, place.key)) && (await this.storage.isWithin(place.base, place.key));
  }

  /** A file path (not a root, not a folder of the roots listing), checked to lie inside. */
  private async file(site: CmsSite, filePath: string): Promise<Place> {
    const at = await this.resolve(site, filePath);
    if (at.kind !== 'place' || !at.inner) throw new ServiceException('cms.file.notEditable', { exts: EDITABLE_EXTS.join(', ') });
    await this.assertInside(at);
    return at;
  }

  /** A file or folder that may be renamed or deleted: inside a root, not a root itself, not a template. */
  private async writablePlace(site: CmsSite, filePath: string): Promise<Place> {
    const at = await this.resolve(site, filePath);
    if (at.kind !== 'place' || !at.inner) throw new ServiceException('cms.file.rootFixed', { path: at.rel || '/' });
    if (at.area === 'templates') throw new ServiceException('cms.file.templateManaged', { path: at.rel });
    await this.assertInside(at);
    return at;
  }

  /** An existing folder new files may go into (a root or a folder in one; not the templates). */
  private async writableFolder(site: CmsSite, dirPath: string): Promise<Place> {
    const at = await this.resolve(site, dirPath);
    if (at.kind !== 'place') throw new ServiceException('cms.file.rootFixed', { path: at.rel || '/' });
    if (at.area === 'templates') throw new ServiceException('cms.file.templateManaged', { path: at.rel });
    await this.assertInside(at);
    if (at.inner && !(await this.storage.list(at.key)).length) {
      if (await this.storage.stat(at.key)) throw new ServiceException('cms.file.notFolder', { path: at.rel });
      throw ServiceException.notFound('cms.file.notFound', { path: at.rel });
    }
    return at;
  }

  /** The place of `name` in the folder `dir`, checked to lie inside. */
  private async child(dir: Place, name: string): Promise<Place> {
    const inner = dir.inner ? `${dir.inner}/${name}` : name;
    const place = { ...dir, rel: `${dir.rel}/${name}`, inner, key: `${dir.base}/${inner}` };
    await this.assertInside(place);
    return place;
  }

  /** Refuses a name a file or a folder already has. */
  private async assertFree(place: Place, name: string): Promise<void> {
    if ((await this.storage.stat(place.key)) || (await this.storage.list(place.key)).length) throw new ServiceException('cms.file.exists', { name });
  }

  private async bytes(place: Place): Promise<Buffer> {
    const stream = await this.storage.get(place.key);
    if (!stream) throw ServiceException.notFound('cms.file.notFound', { path: place.rel });
    return readAll(stream);
  }
}

function folderRow(filePath: string, fileName: string, isRoot: boolean, isTemplate: boolean): FileRowDto {
  return { filePath, fileName, isDirectory: true, fileSize: 0, modifyTime: null, canEdit: false, isRoot, isTemplate };
}

function nameOf(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1);
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) throw new ServiceException('cms.file.badName', { name: String(name).slice(0, 100) });
  return name;
}

function assertEditable(path: string): void {
  if (!isEditable(nameOf(path))) throw new ServiceException('cms.file.notEditable', { exts: EDITABLE_EXTS.join(', ') });
}

/**
 * An upload's type by content (detectContent): text types must be UTF-8 without NUL characters and without a binary
 * signature, SVG also needs an `<svg` element, binary types must be what `file-type` finds in the bytes; an image may
 * declare at most MAX_IMAGE_PIXELS (a decompression bomb is refused from its header).
 */
async function assertUploadable(name: string, data: Buffer): Promise<void> {
  const ext = extOf(name);
  if (!UPLOAD_EXTS.includes(ext)) throw new ServiceException('cms.file.typeNotAllowed', { name, exts: UPLOAD_EXTS.join(', ') });
  if (!(await detectContent(data, ext))) throw new ServiceException('cms.file.contentMismatch', { name });
  const bomb = await tooManyPixels(data, ext);
  if (bomb) throw new ServiceException('cms.file.imageTooManyPixels', { name, ...bomb });
}
