// Optional LLM backend: Fast-DetectGPT's analytic criterion (Bao et al., ICLR 2024) from the token log-probabilities that an
// OpenAI-compatible /v1/completions server (vLLM, llama.cpp) returns for the submitted text itself (echo + logprobs).
import { sigmoid } from './stumps';
import { charLength, splitSentences } from './text';
import type { AigcModelInfo, AigcScorer } from './types';

/** Connection and calibration settings of the logprob backend. */
export interface LogprobScorerOptions {
  /** Server root, e.g. http://127.0.0.1:8000 (with or without a trailing /v1). */
  baseUrl: string;
  /** Sent as a Bearer token when set; never logged or put in error messages. */
  apiKey?: string;
  model: string;
  /** Per request, in milliseconds (default 30,000). */
  timeoutMs?: number;
  /** Alternatives asked for at each position (default 10); they approximate the model's predictive distribution. */
  topLogprobs?: number;
  /** Tokens to generate after the echoed text (default 1: several servers refuse 0); generated tokens are ignored. */
  maxTokens?: number;
  /** Longer paragraphs are sent in pieces of at most this many characters, cut at sentence ends (default 1,500). */
  maxCharsPerRequest?: number;
  /** Further attempts after a connection failed before any answer (default 1). */
  retries?: number;
  /** Requests in flight at once (default 2). */
  concurrency?: number;
  /** score = sigmoid((criterion - center) / scale); defaults 1 and 1 are uncalibrated: fit them per model on labelled text. */
  calibration?: { center: number; scale: number };
}

/** A failure of the logprob backend (HTTP error, timeout, malformed reply), with a message fit for an operator. */
export class AigcBackendError extends Error {
  constructor(
    message: string,
    /** The connection failed before any answer: trying again may work. */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'AigcBackendError';
  }
}

/** Sums from which the analytic criterion is formed; they add up across the pieces of a paragraph. */
export interface DiscrepancySums {
  /** Σ (log p(x_t) − μ_t) over scored tokens. */
  gap: number;
  /** Σ σ_t². */
  variance: number;
  tokens: number;
}

/** Scores paragraphs through an LLM's token log-probabilities. */
export class LogprobAigcScorer implements AigcScorer {
  readonly model: AigcModelInfo;
  private readonly endpoint: string;
  private readonly options: LogprobScorerOptions;

  constructor(options: LogprobScorerOptions) {
    if (!options.baseUrl || !options.model) throw new Error('The logprob backend needs a base URL and a model name');
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new Error('The logprob backend base URL is not a valid URL');
    }
    if (url.username || url.password) throw new Error('The logprob backend base URL must not hold credentials; pass the API key as apiKey');
    const path = url.pathname.replace(/\/+$/, '');
    url.pathname = `${path.endsWith('/v1') ? path : `${path}/v1`}/completions`;
    this.endpoint = url.toString();
    this.options = options;
    this.model = { backend: 'logprob', name: 'fast-detectgpt-analytic', version: options.model };
  }

  /** Per-paragraph scores in [0,1]; empty paragraphs score 0 without a request. */
  async score(paragraphs: string[]): Promise<number[]> {
    const { center, scale } = this.options.calibration ?? { center: 1, scale: 1 };
    return (await this.criteria(paragraphs)).map((c) => (c === null ? 0 : sigmoid((c - center) / scale)));
  }

  /**
   * Per-paragraph Fast-DetectGPT criterion before calibration (null for a paragraph without a scored token, sent
   * without a request when empty): what the calibration script fits the centre and scale on.
   */
  async criteria(paragraphs: string[]): Promise<(number | null)[]> {
    const jobs: { paragraph: number; text: string }[] = [];
    paragraphs.forEach((p, i) => {
      for (const piece of chunk(p, this.options.maxCharsPerRequest ?? 1500)) jobs.push({ paragraph: i, text: piece });
    });
    const sums: DiscrepancySums[] = paragraphs.map(() => ({ gap: 0, variance: 0, tokens: 0 }));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const s = await this.discrepancy(job.text);
        const acc = sums[job.paragraph];
        acc.gap += s.gap;
        acc.variance += s.variance;
        acc.tokens += s.tokens;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.options.concurrency ?? 2, jobs.length)) }, worker));
    return sums.map((s) => (s.tokens === 0 ? null : criterion(s)));
  }

  /** Masks the API key should a server echo it in an error message. */
  private redact(message: string): string {
    const key = this.options.apiKey;
    return key ? message.split(key).join('***') : message;
  }

  /**
   * Asks the server for the text's token log-probabilities and returns the discrepancy sums. A connection that fails
   * before any answer (a kept-alive socket the server just closed) is tried again, `retries` times (default 1); an
   * HTTP error or a timeout is not.
   */
  async discrepancy(text: string): Promise<DiscrepancySums> {
    for (let attempt = 0; ; attempt++) {
      try {
        return discrepancyFromReply(await this.request(text), charLength(text));
      } catch (error) {
        if (!(error instanceof AigcBackendError && error.retryable && attempt < (this.options.retries ?? 1))) throw error;
      }
    }
  }

  /** One request; answers the parsed reply body. */
  private async request(text: string): Promise<unknown> {
    const controller = new AbortController();
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let body: unknown;
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          prompt: text,
          echo: true,
          max_tokens: this.options.maxTokens ?? 1,
          logprobs: this.options.topLogprobs ?? 10,
          temperature: 0,
        }),
        signal: controller.signal,
      });
      const raw = await response.text();
      if (!response.ok)
        throw new AigcBackendError(`LLM logprob backend: HTTP ${response.status} from ${this.endpoint}: ${this.redact(errorDetail(raw))}`);
      try {
        body = JSON.parse(raw);
      } catch {
        throw new AigcBackendError(`LLM logprob backend: reply from ${this.endpoint} is not JSON`);
      }
    } catch (error) {
      if (error instanceof AigcBackendError) throw error;
      if (controller.signal.aborted) throw new AigcBackendError(`LLM logprob backend: no reply from ${this.endpoint} within ${timeoutMs} ms`);
      throw new AigcBackendError(`LLM logprob backend: cannot reach ${this.endpoint}: ${this.redact((error as Error).message)}`, true);
    } finally {
      clearTimeout(timer);
    }
    return body;
  }
}

/** Fast-DetectGPT analytic criterion: (Σ log p − Σ μ) / sqrt(Σ σ²); higher = more machine-like. */
export function criterion(s: DiscrepancySums): number {
  return s.variance > 0 ? s.gap / Math.sqrt(s.variance) : 0;
}

interface CompletionLogprobs {
  tokens?: unknown;
  token_logprobs?: unknown;
  top_logprobs?: unknown;
  text_offset?: unknown;
}

/**
 * Discrepancy sums from a /v1/completions reply with echo. Positions without a log-probability (the first token) and
 * tokens at or after the prompt's end (the generated ones) are skipped. μ_t and σ_t² come from the top-k alternatives,
 * renormalised: an approximation of the full predictive distribution that the protocol cannot return.
 */
export function discrepancyFromReply(body: unknown, promptChars: number): DiscrepancySums {
  const choice = (body as { choices?: { logprobs?: CompletionLogprobs }[] } | null)?.choices?.[0];
  const lp = choice?.logprobs;
  if (!lp || !Array.isArray(lp.token_logprobs) || !Array.isArray(lp.top_logprobs)) {
    throw new AigcBackendError('LLM logprob backend: the reply has no token log-probabilities (does the server support echo with logprobs?)');
  }
  const tokenLogprobs = lp.token_logprobs as (number | null)[];
  const top = lp.top_logprobs as (Record<string, number> | null)[];
  const offsets = Array.isArray(lp.text_offset) ? (lp.text_offset as number[]) : undefined;
  // Without offsets, the generated tokens are the last max_tokens ones; with them, anything starting past the prompt.
  const generated = offsets ? 0 : Math.max(0, tokenLogprobs.length - countPromptTokens(lp, promptChars));
  const sums: DiscrepancySums = { gap: 0, variance: 0, tokens: 0 };
  for (let t = 0; t < tokenLogprobs.length - generated; t++) {
    if (offsets && offsets[t] >= promptChars) break;
    const observed = tokenLogprobs[t];
    const alternatives = top[t];
    if (typeof observed !== 'number' || !alternatives || typeof alternatives !== 'object') continue;
    const values = Object.values(alternatives).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (values.length === 0) continue;
    const { mean, variance } = renormalisedMoments(values);
    sums.gap += observed - mean;
    sums.variance += variance;
    sums.tokens++;
  }
  return sums;
}

/** Mean and variance of log p under the top-k distribution renormalised to sum to 1 (log p kept as the server gave it). */
function renormalisedMoments(logprobs: number[]): { mean: number; variance: number } {
  const max = Math.max(...logprobs);
  const weights = logprobs.map((v) => Math.exp(v - max));
  const total = weights.reduce((a, b) => a + b, 0);
  let m1 = 0;
  let m2 = 0;
  logprobs.forEach((v, i) => {
    m1 += (weights[i] / total) * v;
    m2 += (weights[i] / total) * v * v;
  });
  return { mean: m1, variance: Math.max(m2 - m1 * m1, 0) };
}

/** Number of leading tokens whose text lies within the prompt (used when the server sends no text_offset). */
function countPromptTokens(lp: CompletionLogprobs, promptChars: number): number {
  const tokens = Array.isArray(lp.tokens) ? (lp.tokens as unknown[]) : [];
  let chars = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (chars >= promptChars) return i;
    chars += typeof tokens[i] === 'string' ? charLength(tokens[i] as string) : 0;
  }
  return tokens.length;
}

/** Short, key-free detail of an error reply: the OpenAI-style error message if there is one, never the body itself. */
function errorDetail(raw: string): string {
  try {
    const parsed = JSON.parse(raw) as { error?: { message?: unknown } | string };
    const message = typeof parsed?.error === 'string' ? parsed.error : parsed?.error?.message;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // Not JSON: not an OpenAI-style error answer.
  }
  // Anything else the server answered stays out: the base URL is staff input and may name an internal service, whose
  // page must not be readable through the connection test's message.
  return '(no error message)';
}

/** Cuts text into pieces of at most maxChars characters at sentence ends (a longer sentence is cut hard). */
export function chunk(text: string, maxChars: number): string[] {
  if (!text.trim()) return [];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of splitSentences(text)) {
    for (const part of hardSplit(sentence, maxChars)) {
      if (current && charLength(current) + charLength(part) > maxChars) {
        pieces.push(current);
        current = '';
      }
      current += part;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

function hardSplit(text: string, maxChars: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += maxChars) out.push(chars.slice(i, i + maxChars).join(''));
  return out;
}
