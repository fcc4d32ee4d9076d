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

/** The server answered an error status, an unreadable stream, or nothing in time. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
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

/** Error text of an upstream answer, short, with the key removed should the server echo it. */
function upstreamMessage(text: string, apiKey?: string): string {
  let message = text;
  try {
    const json = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    message = (typeof json.error === 'string' ? json.error : json.error?.message) ?? json.message ?? text;
  } catch {
    // not JSON: the raw text
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
    timer = setTimeout(() => timeout.abort(new UpstreamError(`no answer within ${target.timeoutMs} ms`)), target.timeoutMs);
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
        : new UpstreamError(`cannot connect: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
    }
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      throw new UpstreamError(`HTTP ${res.status}${text ? `: ${upstreamMessage(text, target.apiKey)}` : ''}`, res.status);
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
        if (chunk.error) throw new UpstreamError(upstreamMessage(JSON.stringify(chunk), target.apiKey));
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
