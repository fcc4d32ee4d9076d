import express, { type NextFunction, type Request, type Response } from 'express';
import { EXPORT_HEADER } from '@zhiwen/shared';

const EXPORT_REQUESTED = Symbol('exportRequested');
const parseForm = express.urlencoded({ extended: false, limit: '1mb' });
const parseJson = express.json({ limit: '1mb' });

/** True when this request came in as an export (`POST` with `cc-export: 1`). */
export function isExportRequest(req: Request): boolean {
  return (req as Request & { [EXPORT_REQUESTED]?: boolean })[EXPORT_REQUESTED] === true;
}

/**
 * Turns `POST <list path>` with `cc-export: 1` into the list's own `GET`, with the (form or JSON) body merged into
 * the query string, so the one list handler and its query DTO answer both; the export interceptor streams the result.
 */
export function exportRequestMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'POST' || req.headers[EXPORT_HEADER] !== '1') return next();
  parseForm(req, res, (formErr?: unknown) => {
    if (formErr) return next(formErr);
    parseJson(req, res, (jsonErr?: unknown) => {
      if (jsonErr) return next(jsonErr);
      const [pathname, search = ''] = req.url.split('?');
      const params = new URLSearchParams(search);
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      for (const [key, value] of Object.entries(body)) {
        if (value === undefined || value === null || typeof value === 'object') continue;
        params.set(key, String(value));
      }
      req.method = 'GET';
      req.url = params.size ? `${pathname}?${params}` : pathname;
      (req as Request & { [EXPORT_REQUESTED]?: boolean })[EXPORT_REQUESTED] = true;
      next();
    });
  });
}
