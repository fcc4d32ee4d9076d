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
 * A prompt for which `criterionOf` answers a number gets log-probabilities whose Fast-DetectGPT criterion is that number.
 */
export function fakeCompletionsServer(seen: Seen[], options: FakeOptions = {}): Server {
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
      const target = options.criterionOf?.(body.prompt);
      if (target !== undefined) return send(200, reply(body, chars, logprobsForCriterion(chars, target)));
      const fluent = body.prompt.includes('机器');
      const tokens = [...chars, '。'];
      const token_logprobs = tokens.map((_, i) => (i === 0 ? null : i === chars.length ? -0.01 : fluent ? -0.05 : -6));
      const top_logprobs = tokens.map((t, i) => {
        if (i === 0) return null;
        return fluent ? { [t]: -0.05, 甲: -3.5, 乙: -4 } : { 甲: -0.3, 乙: -1.5, 丙: -2.5 };
      });
      send(200, reply(body, chars, { tokens, token_logprobs, top_logprobs }));
    });
  });
}

export interface FakeOptions {
  /** The criterion the server's log-probabilities should give a prompt; undefined: the 机器 rule above. */
  criterionOf?: (prompt: string) => number | undefined;
}

interface FakeLogprobs {
  tokens: string[];
  token_logprobs: (number | null)[];
  top_logprobs: (Record<string, number> | null)[];
}

/** A completions reply with echo, one token per character plus one generated token (text_offset as vLLM sends it). */
function reply(body: Seen['body'], chars: string[], lp: FakeLogprobs): unknown {
  return {
    id: 'cmpl-test',
    object: 'text_completion',
    model: body.model,
    choices: [
      {
        index: 0,
        text: `${body.prompt}。`,
        logprobs: { ...lp, text_offset: lp.tokens.map((_, i) => i) },
        finish_reason: 'length',
      },
    ],
    usage: { prompt_tokens: chars.length, completion_tokens: 1, total_tokens: chars.length + 1 },
  };
}

/**
 * Log-probabilities whose criterion is `target`: every scored position alike, the observed token at log-probability x
 * among two alternatives at -1 and -2 (the top-3 list a server returns), x found by bisection so that each position's
 * (x - μ) / σ is target / sqrt(positions). Reachable: targets up to about 0.65 · sqrt(positions) (x near 0).
 */
function logprobsForCriterion(chars: string[], target: number): FakeLogprobs {
  const n = chars.length - 1;
  const perToken = target / Math.sqrt(n);
  const alternatives = (token: string): [string, string] => ['甲', '乙', '丙'].filter((a) => a !== token).slice(0, 2) as [string, string];
  const ratio = (x: number): number => {
    const values = [x, -1, -2];
    const weights = values.map((v) => Math.exp(v));
    const total = weights.reduce((a, b) => a + b, 0);
    const mean = values.reduce((a, v, i) => a + (weights[i] / total) * v, 0);
    const second = values.reduce((a, v, i) => a + (weights[i] / total) * v * v, 0);
    return (x - mean) / Math.sqrt(second - mean * mean);
  };
  let lo = -40;
  let hi = -1e-6;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (ratio(mid) < perToken) lo = mid;
    else hi = mid;
  }
  const x = (lo + hi) / 2;
  const tokens = [...chars, '。'];
  return {
    tokens,
    token_logprobs: tokens.map((_, i) => (i === 0 ? null : i === chars.length ? -0.01 : x)),
    top_logprobs: tokens.map((t, i) => {
      if (i === 0) return null;
      const [a, b] = alternatives(t);
      return { [t]: i === chars.length ? -0.01 : x, [a]: -1, [b]: -2 };
    }),
  };
}

/** Deterministic uniform numbers in [0,1) (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `n` labelled texts (random CJK characters, 150 each) with a criterion per text for the fake server's `criterionOf`,
 * spread over center ± 5·scale, and labels drawn as a calibrated backend would see them: AI with probability
 * sigmoid((criterion - center) / scale).
 */
export function labelledTexts(
  n: number,
  truth: { center: number; scale: number },
  seed: number,
): { rows: { id: string; text: string; label: 'ai' | 'human' }[]; criteria: Map<string, number> } {
  const random = seeded(seed);
  const criteria = new Map<string, number>();
  const rows = Array.from({ length: n }, (_, i) => {
    const text = Array.from({ length: 150 }, () => String.fromCodePoint(0x4e00 + Math.floor(random() * 0x5000))).join('');
    const criterion = truth.center + (random() * 2 - 1) * 5 * truth.scale;
    criteria.set(text, criterion);
    const ai = random() < 1 / (1 + Math.exp(-(criterion - truth.center) / truth.scale));
    return { id: `t${i}`, text, label: ai ? ('ai' as const) : ('human' as const) };
  });
  return { rows, criteria };
}
