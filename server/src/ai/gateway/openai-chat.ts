import { sseData } from './sse-reader';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Where and how to call one OpenAI-compatible server (the API key already opened). */
export interface ChatTarget {
  baseUrl: string;
  apiKey?: string;
  model: string;
  maxTokens: number;
  temperature: number;
  /** Longest wait for the answer to start, and between two chunks. */
  timeoutMs: number;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  /** False when the server reported no usage and the counts are estimates. */
  reported: boolean;
}

/** What went wrong with a call, without anything the server answered: nothing in time, no connection, an error status, an unreadable stream, an error reported inside the stream. */
export type UpstreamFailure = 'timeout' | 'connect' | 'http' | 'stream' | 'provider';

/** The server answered an error status, an unreadable stream, or nothing in time. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly kind: UpstreamFailure = 'stream',
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

interface CompletionChunk {
  choices?: Array<{ delta?: { content?: string | null; reasoning_content?: string | null }; finish_reason?: string | null }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/**
 * The error message of an OpenAI-style error answer (`{"error":{"message":…}}`), short, with the key removed should the
 * server echo it. Any other answer gives nothing: the base URL is staff input, and what an arbitrary server at it
 * answers (an internal service's page) must not come back through the API or the usage log.
 */
function upstreamMessage(text: string, apiKey?: string): string {
  let message = '';
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } | string };
    const candidate = typeof json?.error === 'string' ? json.error : json?.error?.message;
    if (typeof candidate === 'string') message = candidate;
  } catch {
    // not JSON: not an OpenAI error answer
  }
  if (apiKey) message = message.split(apiKey).join('***');
  return message.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * One streamed chat completion (`POST {baseUrl}/chat/completions`, `stream: true`): calls `onDelta` with each piece
 * of content as it arrives and resolves with the token usage. Aborting `signal` aborts the upstream request.
 */
export async function streamChat(
  target: ChatTarget,
  messages: ChatMessage[],
  signal: AbortSignal,
  onDelta: (content: string) => void | Promise<void>,
): Promise<ChatUsage> {
  const timeout = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => timeout.abort(new UpstreamError(`no answer within ${target.timeoutMs} ms`, undefined, 'timeout')), target.timeoutMs);
  };
  arm();
  const both = AbortSignal.any([signal, timeout.signal]);
  let completion = '';
  try {
    let res: Response;
    try {
      res = await fetch(`${target.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          ...(target.apiKey ? { Authorization: `Bearer ${target.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: target.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          max_tokens: target.maxTokens,
          temperature: target.temperature,
        }),
        signal: both,
      });
    } catch (error) {
      throw both.aborted
        ? both.reason
        : new UpstreamError(
            `cannot connect: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`,
            undefined,
            'connect',
          );
    }
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      const message = upstreamMessage(text, target.apiKey);
      throw new UpstreamError(`HTTP ${res.status}${message ? `: ${message}` : ''}`, res.status, 'http');
    }
    arm();
    let usage: ChatUsage | undefined;
    try {
      for await (const data of sseData(res.body as unknown as AsyncIterable<Uint8Array>)) {
        arm();
        if (data.trim() === '[DONE]') break;
        let chunk: CompletionChunk;
        try {
          chunk = JSON.parse(data) as CompletionChunk;
        } catch {
          throw new UpstreamError('unreadable stream chunk');
        }
        if (chunk.error) throw new UpstreamError(upstreamMessage(JSON.stringify(chunk), target.apiKey) || 'error in stream', undefined, 'provider');
        if (chunk.usage) {
          usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0, reported: true };
        }
        const content = chunk.choices?.[0]?.delta?.content;
        if (content) {
          completion += content;
          await onDelta(content);
        }
      }
    } catch (error) {
      if (both.aborted) throw both.reason;
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError(`stream broken: ${(error as Error).message}`);
    }
    // Servers that report no usage: about one token per CJK character, four Latin characters per token.
    return (
      usage ?? {
        promptTokens: estimateTokens(messages.map((m) => m.content).join('')),
        completionTokens: estimateTokens(completion),
        reported: false,
      }
    );
  } finally {
    clearTimeout(timer);
  }
}

export function estimateTokens(text: string): number {
  const cjk = (text.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).length;
  return cjk + Math.ceil((text.length - cjk) / 4);
}
