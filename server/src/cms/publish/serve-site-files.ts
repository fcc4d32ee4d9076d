import type { Express, NextFunction, Request, Response } from 'express';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isTempFileName, type FileStorage } from '../../storage/storage';

/** URL prefix of published sites on the built-in server. */
export const SITE_PREFIX = '/site/';

const SITE_PATH = /^[A-Za-z0-9]+$/;
const PIPE = /^[A-Za-z0-9_]+$/;
const SEGMENT = /^[A-Za-z0-9_.-]+$/;
/** Index file names tried for a folder, by static suffix. */
const INDEX_FILES = ['index.html', 'index.shtml', 'index.htm'];

/** The path segments after `/site/`, decoded and checked, or null when any is unsafe or malformed. */
function segmentsOf(urlPath: string): string[] | null {
  const raw = urlPath.slice(SITE_PREFIX.length).split('/');
  const segments: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let part: string;
    try {
      part = decodeURIComponent(raw[i]);
    } catch {
      return null;
    }
    // An empty segment is only allowed last (a folder URL ending in `/`).
    if (part === '' && i === raw.length - 1) {
      segments.push('');
      continue;
    }
    // Dotfiles (and `.`, `..`) and temporary files of writes under way (or killed mid-way) are never served.
    if (!SEGMENT.test(part) || part.startsWith('.') || isTempFileName(part)) return null;
    segments.push(part);
  }
  return segments;
}

/**
 * Serves published sites from storage (the embedded default; nginx or a CDN may serve the same folder in production):
 * `GET /site/<sitePath>/<pipe>/<path>` and `/site/<sitePath>/resources/<path>`. Folder URLs answer their
 * `index.<suffix>`; a folder URL without its trailing `/` is redirected; anything else missing is a 404. No listing;
 * dotfiles and temporary files (`*.tmp`) answer 404 whether they exist or not.
 */
export function serveSiteFiles(app: Express, storage: FileStorage): void {
  app.use(SITE_PREFIX.slice(0, -1), (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    void serve(storage, req, res).catch(next);
  });
}

/** Whether a stream opens and can be read (an error comes instead for a folder). */
function readable(stream: Readable): Promise<boolean> {
  return new Promise((resolve) => {
    stream.once('readable', () => resolve(true));
    stream.once('error', () => {
      stream.destroy();
      resolve(false);
    });
  });
}

async function serve(storage: FileStorage, req: Request, res: Response): Promise<void> {
  const notFound = () => void res.status(404).type('text/plain').send('Not Found');
  // `req.originalUrl` keeps the encoded form: `%2e%2e` and `%2f` are judged after decoding each segment.
  const urlPath = req.originalUrl.split('?')[0];
  if (!urlPath.startsWith(SITE_PREFIX)) return notFound();
  const segments = segmentsOf(urlPath);
  // At least `<sitePath>/<pipe or resources>/`.
  if (!segments || segments.length < 3 || !SITE_PATH.test(segments[0]) || !PIPE.test(segments[1])) return notFound();
  const folder = segments[segments.length - 1] === '';
  const base = segments.filter(Boolean).join('/');
  const candidates = folder ? INDEX_FILES.map((name) => `site/${base}/${name}`) : [`site/${base}`];
  for (const key of candidates) {
    const stream = await storage.get(key).catch(() => null);
    // A folder under that name, or an unreadable file, fails before the first byte: treat it as absent.
    if (!stream || !(await readable(stream))) continue;
    res.status(200);
    res.type(path.extname(key) || 'application/octet-stream');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const html = /\.s?html?$/.test(key);
    res.setHeader('Cache-Control', html ? 'no-cache' : 'public, max-age=300');
    // Published pages (and SVGs opened directly) share the back office's origin here: they run in an opaque origin,
    // so their scripts cannot reach the staff session. A separate domain (nginx, CDN) needs none of this.
    res.setHeader('Content-Security-Policy', 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads');
    // That opaque origin makes every image, stylesheet and script of the page a cross-origin load: the site's public
    // files must allow it (helmet's default `same-origin` would block them all).
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.method === 'HEAD') {
      stream.destroy();
      res.end();
      return;
    }
    await pipeline(stream, res);
    return;
  }
  if (!folder && !path.extname(base)) {
    // `/site/demo/pc/news` -> `/site/demo/pc/news/` when that folder has an index (relative links need the slash).
    for (const name of INDEX_FILES) {
      const stream = await storage.get(`site/${base}/${name}`).catch(() => null);
      if (stream) {
        stream.destroy();
        res.redirect(301, `${SITE_PREFIX}${base}/`);
        return;
      }
    }
  }
  notFound();
}
