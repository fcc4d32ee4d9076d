import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** What the fake saw of one request. */
export interface SeenRequest {
  path: string;
  authorization?: string;
  body: { model: string; messages: Array<{ role: string; content: string }>; stream?: boolean; max_tokens?: number; temperature?: number };
  /** Set when the client went away before the fake finished answering. */
  aborted: boolean;
}

export interface FakeOptions {
  /** `rewrite` answers HTTP 500 for a paragraph this returns true for (read at each request). */
  failRewrite?: (paragraph: string) => boolean;
}

/** The paragraph a rewrite prompt asks for (the text after the 【原文】 line). */
export const paragraphOf = (entry: SeenRequest) => (entry.body.messages.at(-1)?.content ?? '').split('【原文】\n').at(-1) ?? '';

const shifted = (text: string) => text.replace(/[\u4e00-\u9ffe]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const usage = (prompt: number, completion: number) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } })}\n\n`;

/**
 * A loopback OpenAI-compatible chat completions server speaking the real streaming protocol. The model name picks
 * the behaviour:
 * - `fast`: three pieces at once, then usage and [DONE]
 * - `slow-chunks`: four pieces 250 ms apart
 * - `rate-limited` / `broken`: HTTP 429 / 500 with an OpenAI error body
 * - `stall`: headers, then nothing (a timeout)
 * - `hang`: one piece, then nothing until the client goes away
 * - `cut`: one piece, then the connection is destroyed
 * - `sensitive`: a sensitive word split across two pieces
 * - `turns`: answers how many messages it received
 * - `rewrite`: rewrites the paragraph after 【原文】 of the last message (each Chinese character shifted by one code
 *   point: no longer the source's wording, same length, citation marks kept); HTTP 500 while `options.failRewrite`
 *   says so for that paragraph
 */
export function fakeOpenAiServer(seen: SeenRequest[], options: FakeOptions = {}): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString('utf8')));
    req.on('end', () => {
      const entry: SeenRequest = { path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw || '{}'), aborted: false };
      seen.push(entry);
      res.on('close', () => {
        if (!res.writableFinished) entry.aborted = true;
      });
      void answer(entry, res, options).catch(() => undefined);
    });
  });
}

async function answer(entry: SeenRequest, res: ServerResponse, options: FakeOptions): Promise<void> {
  if (entry.path !== '/v1/chat/completions') {
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
    return;
  }
  const model = entry.body.model;
  if (model === 'rate-limited') {
    res
      .writeHead(429, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ error: { message: 'Rate limit reached for requests', type: 'rate_limit_error' } }));
    return;
  }
  if (model === 'broken' || (model === 'rewrite' && options.failRewrite?.(paragraphOf(entry)))) {
    res
      .writeHead(500, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ error: { message: 'The server had an error while processing your request', type: 'server_error' } }));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  const pieces: Record<string, string[]> = {
    fast: ['你好', '，世界', '！'],
    'slow-chunks': ['第一段', '第二段', '第三段', '第四段'],
    sensitive: ['远离冰', '毒，珍爱生命'],
    turns: [`turns=${entry.body.messages.length}`],
    rewrite: [shifted(paragraphOf(entry))],
  };
  if (model === 'stall') return; // never answers; the client's timeout ends it
  if (model === 'hang' || model === 'cut') {
    res.write(chunk('开头'));
    if (model === 'cut') {
      await sleep(50);
      res.destroy();
    }
    return; // `hang`: waits until the client aborts
  }
  const list = pieces[model] ?? pieces.fast;
  for (const [i, piece] of list.entries()) {
    if (model === 'slow-chunks' && i > 0) await sleep(250);
    if (res.destroyed) return;
    res.write(chunk(piece));
  }
  res.write(usage(12, list.length));
  res.end('data: [DONE]\n\n');
}
