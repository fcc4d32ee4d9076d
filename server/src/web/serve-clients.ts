import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_BASE } from '@zhiwen/shared';

interface ClientApp {
  /** URL prefix, `/admin` or `` for the site. */
  mount: string;
  dist: string;
}

/**
 * Whether a request that matched no file gets the app's index.html: the app's root (`/`, `/admin/`) always does; a
 * deep link without an extension does unless it asks for JSON and not HTML (browsers, curl and fetch get the page). A
 * missing script or image (an extension) stays a 404.
 */
function fallsBack(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path === '/') return true;
  if (path.extname(req.path)) return false;
  const accept = req.headers.accept ?? '';
  return !accept.includes('application/json') || accept.includes('text/html');
}

/**
 * Serves the built clients: the admin app under `/admin/`, the site at `/`, each with a history-mode fallback to its
 * index.html. API paths are never answered here. Hashed assets are cached for a year; index.html never.
 */
export function serveClients(app: Express, clients: { siteDist: string; adminDist: string }): void {
  const apps: ClientApp[] = [
    { mount: '/admin', dist: clients.adminDist },
    { mount: '', dist: clients.siteDist },
  ].filter((c) => existsSync(path.join(c.dist, 'index.html')));

  app.get('/admin', (req, res, next) => (req.path === '/admin' ? res.redirect(301, '/admin/') : next()));
  for (const client of apps) {
    const statics = express.static(client.dist, {
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    const indexFile = path.join(client.dist, 'index.html');
    const handler = (req: Request, res: Response, next: NextFunction) => {
      if (req.path.startsWith(API_BASE)) return next();
      if (client.mount === '' && (req.path === '/admin' || req.path.startsWith('/admin/'))) return next();
      statics(req, res, () => {
        if (!fallsBack(req)) return next();
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(indexFile);
      });
    };
    if (client.mount) app.use(client.mount, handler);
    else app.use(handler);
  }
}
