import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * The public comment API answers page script of any origin: published pages run sandboxed in an opaque origin (or on
 * the site's own domain), so their requests are cross-origin. No cookies are involved (a member token comes as a
 * bearer header), so any origin may call, and a preflight is answered here.
 */
@Injectable()
export class CommentCorsMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept-Language');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    res.setHeader('Access-Control-Max-Age', '600');
    // The answer is JSON: helmet's same-origin resource policy would keep a sandboxed page from reading it.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  }
}
