import type { NextFunction, Request, Response } from 'express';

/** Where the routes page script of published sites calls live (`/api/vote`, `/api/comment`, `/api/cms/search`, ...). */
export const PAGE_API_PATH = '/api';

/**
 * CORS for the page-script API. Published pages run in an opaque origin on the built-in server (their CSP sandbox)
 * and on a host of their own in production, so every call they make is cross-origin. These routes take no cookie: a
 * member acts through a bearer page token (auth/session.service.ts openPageToken), so answering any origin, without
 * credentials, gives a page nothing it could not get by asking the server directly. Preflights end here.
 */
export function pageApiCors(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept-Language');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
  res.setHeader('Access-Control-Max-Age', '600');
  // Helmet's same-origin resource policy would keep a sandboxed page from reading the JSON.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
}
