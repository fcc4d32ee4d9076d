// A loopback stand-in for the server's payment routes (docs/payments.md) for the payment screen tests: the app's
// httpClient and data provider talk to it over real HTTP. Not a test file itself.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { parseUrl, sendJson, startTestServer, type SeenRequest, type TestServer } from '../testServer';

/** What a route answers: the envelope's `data` (code 200; a page is `{rows,total}`), or a refusal with its message. */
export type Answer = { data: unknown } | { error: string };
/** One request as a route sees it: the path without the `/prod-api` base, the query and the parsed JSON body. */
export interface RouteRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
/** A route may answer late (a slow server), through a promise. */
export type Route = (req: RouteRequest) => Answer | undefined | Promise<Answer | undefined>;

/** A JSON body parsed; any other (an export's form body) as its text. */
function parseBody(req: SeenRequest): unknown {
  if (!req.body) return undefined;
  return String(req.headers['content-type']).includes('json') ? JSON.parse(req.body) : req.body;
}

let server: TestServer;
let route: Route = () => undefined;
const realFetch = globalThis.fetch;

/** Starts the server once for the file and clears its routes and log before each test. */
export function usePaymentServer() {
  beforeAll(async () => {
    server = await startTestServer(async (req, res) => {
      const { path, query } = parseUrl(req);
      const answer = await route({ method: req.method, path: path.replace(/^\/prod-api/, ''), query, body: parseBody(req) });
      if (!answer) return sendJson(res, 404, { code: 404, msg: '接口不存在' });
      if ('error' in answer) return sendJson(res, 200, { code: 500, msg: answer.error });
      return sendJson(res, 200, { code: 200, msg: '', ...answer });
    });
    // The app calls `/prod-api/...` as a browser page would; Node's fetch needs the server's origin.
    const origin = new URL(server.baseUrl).origin;
    globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? origin + input : input, init);
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    route = () => undefined;
  });
}

/** Sets how the server answers (paths without the `/prod-api` base). */
export function serve(next: Route) {
  route = next;
}

/** The requests seen with `method` on `path` (no base, no query). */
export function seen(method: string, path: string): SeenRequest[] {
  return server.requests.filter((r) => r.method === method && parseUrl(r).path === `/prod-api${path}`);
}
