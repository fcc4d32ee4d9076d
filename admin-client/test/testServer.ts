import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the test server saw it. */
export interface SeenRequest {
  method: string;
  /** Path and query, e.g. `/prod-api/system/user/list?pageNum=1`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Handles one request; its result is not used (a handler may be async). */
export type Handler = (req: SeenRequest, res: ServerResponse) => unknown;

export interface TestServer {
  /** API base of the server, e.g. `http://127.0.0.1:40123/prod-api`. */
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 (random port) that records every request, so clients are tested over the wire. */
export async function startTestServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(seen);
      void handler(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/prod-api`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Path and parsed query of a seen request. */
export function parseUrl(req: SeenRequest): { path: string; query: Record<string, string> } {
  const url = new URL(req.url, 'http://127.0.0.1');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}
