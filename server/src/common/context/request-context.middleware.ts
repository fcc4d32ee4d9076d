import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { resolveLanguage } from '@zhiwen/shared';
import { requestContext } from './request-context';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Gives every request an id (kept from a trusted `X-Request-Id` when well-formed) and a language. */
export function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  (req as Request & { id: string }).id = requestId;
  res.setHeader('X-Request-Id', requestId);
  const language = resolveLanguage(req.headers['accept-language']);
  requestContext.run({ requestId, language }, () => next());
}
