// Test support (not built into dist): a loopback OpenAI-compatible completions server for the logprob backend.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Seen {
  path: string;
  authorization?: string;
  body: { model: string; prompt: string; echo: boolean; max_tokens: number; logprobs: number };
}

/**
 * A loopback stand-in for an OpenAI-compatible /v1/completions server with echo + logprobs (vLLM's reply shape): one token
 * per character plus one generated token. Text with 机器 gets "fluent" log-probabilities (the observed token is the
 * favourite), other text "surprising" ones. Prompts with 故障 get HTTP 500, 密钥 a 401 that echoes the key, 等待 no reply.
 */
export function fakeCompletionsServer(seen: Seen[]): Server {
  return createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as Seen['body'];
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const send = (status: number, payload: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url !== '/v1/completions') return send(404, { error: { message: 'not found' } });
      if (body.prompt.includes('等待')) return; // never answers
      if (body.prompt.includes('故障')) return send(500, { error: { message: 'CUDA out of memory', type: 'InternalServerError' } });
      if (body.prompt.includes('密钥'))
        return send(401, { error: { message: `Incorrect API key provided: ${req.headers.authorization?.slice(7)}` } });
      const chars = [...body.prompt];
      const fluent = body.prompt.includes('机器');
      const tokens = [...chars, '。'];
      const token_logprobs = tokens.map((_, i) => (i === 0 ? null : i === chars.length ? -0.01 : fluent ? -0.05 : -6));
      const top_logprobs = tokens.map((t, i) => {
        if (i === 0) return null;
        return fluent ? { [t]: -0.05, 甲: -3.5, 乙: -4 } : { 甲: -0.3, 乙: -1.5, 丙: -2.5 };
      });
      const text_offset = tokens.map((_, i) => i);
      send(200, {
        id: 'cmpl-test',
        object: 'text_completion',
        model: body.model,
        choices: [{ index: 0, text: `${body.prompt}。`, logprobs: { tokens, token_logprobs, top_logprobs, text_offset }, finish_reason: 'length' }],
        usage: { prompt_tokens: chars.length, completion_tokens: 1, total_tokens: chars.length + 1 },
      });
    });
  });
}
