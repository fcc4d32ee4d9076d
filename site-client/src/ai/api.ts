import type { AiToolDto, PageResult } from '@zhiwen/shared';
import { http } from '../app/http';
import { readSse, type SsePiece } from './sse';

export interface AiCatalog {
  tools: AiToolDto[];
  providerReady: boolean;
}

/** A stored generation (`GET /ai/history/...`). */
export interface AiGeneration {
  generationId: string;
  toolSlug: string;
  toolName: string;
  conversationId: string | null;
  input: Record<string, string>;
  output: string;
  status: 'running' | 'success' | 'failed' | 'cancelled';
  createTime: string;
  finishTime: string | null;
}

export interface GenerateRequest {
  fields: Record<string, string>;
  conversationId?: string;
}

export interface GenerateResult {
  generationId?: string;
  conversationId?: string;
}

export async function fetchAiCatalog(): Promise<AiCatalog> {
  return (await http.get<AiCatalog>('/ai/tools', undefined, { withToken: false, requiresAuth: false })).data!;
}

/**
 * Streams one generation: `onStart` once the server accepted it (ids from the headers), `onPiece` for each piece.
 * A refusal before streaming throws the ApiError with the server's message; `signal` stops the stream.
 */
export async function generate(
  slug: string,
  request: GenerateRequest,
  handlers: { signal: AbortSignal; onStart: (result: GenerateResult) => void; onPiece: (piece: SsePiece) => void },
): Promise<void> {
  const response = await http.stream(`/ai/tools/${encodeURIComponent(slug)}/generate`, {
    data: request,
    signal: handlers.signal,
    // The same question may be asked again at once (Regenerate): the button is disabled while a stream runs.
    repeatSubmitGuard: false,
    preferServerMessage: true,
  });
  handlers.onStart({
    generationId: response.headers.get('X-Generation-Id') ?? undefined,
    conversationId: response.headers.get('X-Conversation-Id') ?? undefined,
  });
  await readSse(response.body!, handlers.onPiece);
}

export async function fetchHistory(pageNum: number, pageSize: number): Promise<PageResult<AiGeneration>> {
  return (await http.get<PageResult<AiGeneration>>('/ai/history/list', { pageNum, pageSize })).data ?? { rows: [], total: 0 };
}

export async function fetchGeneration(id: string): Promise<AiGeneration> {
  return (await http.get<AiGeneration>(`/ai/history/${encodeURIComponent(id)}`)).data!;
}

export async function deleteGenerations(ids: string[]): Promise<void> {
  await http.delete(`/ai/history/${ids.map(encodeURIComponent).join(',')}`);
}
