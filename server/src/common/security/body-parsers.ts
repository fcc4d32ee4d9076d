import { AsyncLocalStorage } from 'node:async_hooks';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ServiceException } from '../errors/service-exception';
import './body-parsers.messages';

/**
 * Bounds of a request body, checked while it is read, before any code sees it.
 * 2 MB: article bodies and templates are edited in the browser and can pass Express's 100 kB default.
 * 32 levels: the deepest body the product sends (a menu tree, a template's fields) is under 10; a body nested
 * thousands of levels deep only exists to make recursive code (validation, serialization) overflow its stack.
 */
export const BODY_LIMITS = { bytes: 2 * 1024 * 1024, label: '2 MB', depth: 32, formParameters: 1000 } as const;

/** The request with the bytes its body arrived as (JSON and form bodies): fingerprints use them, not the parsed value. */
export type RequestWithRawBody = Request & { rawBody?: Buffer };

class BodyRefused extends Error {
  constructor(
    readonly type: string,
    readonly detail: Record<string, string | number> = {},
  ) {
    super(type);
  }
}

/** Whether JSON text nests objects and arrays deeper than `max`; a byte scan, so it never recurses itself. */
export function jsonDepthExceeds(body: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function keepRawBody(req: Request, _res: Response, body: Buffer): void {
  (req as RequestWithRawBody).rawBody = body;
}

function checkJson(req: Request, res: Response, body: Buffer, encoding: string | null): void {
  // JSON exchanged between systems is UTF-8 (RFC 8259); the depth scan below reads UTF-8 bytes.
  if (encoding && encoding !== 'utf-8' && encoding !== 'utf8') throw new BodyRefused('charset.unsupported', { charset: encoding });
  if (jsonDepthExceeds(body, BODY_LIMITS.depth)) throw new BodyRefused('entity.too.deep');
  keepRawBody(req, res, body);
}

/** A body-parser error (an http-errors object with a `type`) as the localized refusal it stands for. */
function refusal(err: unknown): unknown {
  const e = err as { type?: unknown; status?: unknown; charset?: unknown; encoding?: unknown; detail?: Record<string, unknown> };
  const type = typeof e?.type === 'string' ? e.type : '';
  const charset = String(e.charset ?? e.detail?.charset ?? '').slice(0, 40);
  switch (type) {
    case 'entity.too.deep':
    case 'querystring.parse.rangeError':
      return new ServiceException('input.bodyTooDeep', { depth: BODY_LIMITS.depth }, 500, 400);
    case 'entity.too.large':
      return new ServiceException('input.bodyTooLarge', { limit: BODY_LIMITS.label }, 500, 413);
    case 'parameters.too.many':
      return new ServiceException('input.tooManyParameters', { limit: BODY_LIMITS.formParameters }, 500, 413);
    case 'charset.unsupported':
      return new ServiceException('input.unsupportedCharset', { charset }, 500, 415);
    case 'encoding.unsupported':
      return new ServiceException('input.unsupportedEncoding', { encoding: String(e.encoding ?? '').slice(0, 40) }, 500, 415);
    default:
      // Malformed JSON, a body shorter than its Content-Length, an aborted upload: the caller's bytes, not a fault.
      if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new ServiceException('error.malformedBody', undefined, 500, 400);
      return err;
  }
}

/** Runs a body parser, turning its refusals into localized ones in the request's context (language, request id). */
function guarded(name: string, parser: express.RequestHandler): express.RequestHandler {
  const handler = (req: Request, res: Response, next: NextFunction) => {
    // No body (most GETs): nothing to parse, as the parser itself would find; skip binding a callback per request.
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) {
      const r: { body?: unknown } = req;
      if (!('body' in r)) r.body = undefined;
      return next();
    }
    // The parser calls back from the socket's events, outside the request context; bind restores it.
    void parser(
      req,
      res,
      AsyncLocalStorage.bind((err?: unknown) => (err ? next(refusal(err)) : next())),
    );
  };
  // Nest adds its own parsers at start unless one of these names is already mounted.
  Object.defineProperty(handler, 'name', { value: name });
  return handler;
}

/** The JSON and form parsers of the API, with the bounds above; mount after the request context middleware. */
export function useBoundedBodyParsers(app: NestExpressApplication): void {
  app.use(guarded('jsonParser', express.json({ limit: BODY_LIMITS.bytes, verify: checkJson })));
  // `depth` (of `a[b][c]=…` keys) is an option of body-parser 2 that its type definitions do not list yet.
  const form: Parameters<typeof express.urlencoded>[0] & { depth: number } = {
    extended: true,
    limit: BODY_LIMITS.bytes,
    depth: BODY_LIMITS.depth,
    parameterLimit: BODY_LIMITS.formParameters,
    verify: keepRawBody,
  };
  app.use(guarded('urlencodedParser', express.urlencoded(form)));
}
