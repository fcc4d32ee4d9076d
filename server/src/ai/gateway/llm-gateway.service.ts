import { Injectable, Logger } from '@nestjs/common';
import { AiProviderService, type ProviderCandidate } from '../provider/ai-provider.service';
import { AiUsageService } from '../usage/ai-usage.service';
import { streamChat, UpstreamError, type ChatMessage } from './openai-chat';
import { Semaphore } from './semaphore';

/** No provider is enabled in the back office and none is given by LLM_BASE_URL. */
export class NoProviderError extends Error {
  constructor() {
    super('no AI provider configured');
  }
}

/** Every provider failed before a token was forwarded (failover exhausted). */
export class ProvidersFailedError extends Error {
  constructor(readonly reasons: string[]) {
    super(`every AI provider failed: ${reasons.join('; ')}`);
  }
}

/** The provider failed after content was forwarded: no failover is possible any more. */
export class StreamBrokenError extends Error {}

/** Who a call is for, as the usage log records it. */
export interface UsageContext {
  memberId: string | null;
  memberName: string;
  toolSlug: string;
  generationId: string | null;
  ip: string;
}

export interface GatewayCall {
  messages: ChatMessage[];
  /** Aborted when the caller goes away: the upstream request is aborted too. */
  signal: AbortSignal;
  /** Each piece of content as the provider sends it; awaited (back-pressure). */
  onDelta: (content: string) => void | Promise<void>;
  usage: UsageContext;
  /** Only this provider, no failover (test connection). */
  only?: ProviderCandidate;
}

export interface GatewayResult {
  providerName: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  firstTokenMs: number | null;
  latencyMs: number;
}

/**
 * The LLM gateway: streams a chat completion from the first provider that answers. Providers are tried in order;
 * an error or timeout moves on to the next one as long as no content was forwarded yet. Each provider admits at most
 * its concurrency limit of calls; a full provider is skipped, and when all are full the call waits for the first.
 * Every upstream call, failed or not, goes to the usage log.
 */
@Injectable()
export class LlmGatewayService {
  private readonly logger = new Logger(LlmGatewayService.name);
  private readonly semaphores = new Map<string, Semaphore>();

  constructor(
    private readonly providers: AiProviderService,
    private readonly usage: AiUsageService,
  ) {}

  async hasProvider(): Promise<boolean> {
    return (await this.providers.candidates()).length > 0;
  }

  async stream(call: GatewayCall): Promise<GatewayResult> {
    const candidates = call.only ? [call.only] : await this.providers.candidates();
    if (!candidates.length) throw new NoProviderError();
    const reasons: string[] = [];
    const busy: ProviderCandidate[] = [];
    for (const candidate of candidates) {
      const semaphore = this.semaphoreOf(candidate);
      if (!semaphore.tryAcquire()) {
        busy.push(candidate);
        continue;
      }
      const result = await this.attempt(candidate, semaphore, call, reasons);
      if (result) return result;
    }
    // Every provider that was free failed; wait for the busy ones in turn.
    for (const candidate of busy) {
      const semaphore = this.semaphoreOf(candidate);
      await semaphore.acquire(call.signal);
      const result = await this.attempt(candidate, semaphore, call, reasons);
      if (result) return result;
    }
    throw new ProvidersFailedError(reasons);
  }

  /** One provider; the result, or undefined to fail over (throws when failing over is no longer possible). */
  private async attempt(
    candidate: ProviderCandidate,
    semaphore: Semaphore,
    call: GatewayCall,
    reasons: string[],
  ): Promise<GatewayResult | undefined> {
    const started = performance.now();
    let firstTokenMs: number | null = null;
    const elapsed = () => Math.round(performance.now() - started);
    const log = (status: 'success' | 'failed' | 'cancelled', tokens: { promptTokens: number; completionTokens: number }, errorMsg = '') =>
      this.usage
        .record({
          memberId: call.usage.memberId,
          memberName: call.usage.memberName,
          toolSlug: call.usage.toolSlug,
          generationId: call.usage.generationId,
          ipaddr: call.usage.ip,
          providerId: candidate.providerId,
          providerName: candidate.providerName,
          model: candidate.model,
          promptTokens: tokens.promptTokens,
          completionTokens: tokens.completionTokens,
          firstTokenMs,
          latencyMs: elapsed(),
          status,
          errorMsg,
        })
        .catch((error: Error) => this.logger.error(`usage log: ${error.message}`));
    try {
      const usage = await streamChat(candidate, call.messages, call.signal, (content) => {
        if (firstTokenMs === null) firstTokenMs = elapsed();
        return call.onDelta(content);
      });
      await log('success', usage);
      return { providerName: candidate.providerName, model: candidate.model, ...usage, firstTokenMs, latencyMs: elapsed() };
    } catch (error) {
      const cancelled = call.signal.aborted;
      const reason = cancelled ? 'cancelled by the client' : error instanceof UpstreamError ? error.message : `internal: ${(error as Error).message}`;
      await log(cancelled ? 'cancelled' : 'failed', { promptTokens: 0, completionTokens: 0 }, reason);
      if (cancelled) throw error;
      this.logger.warn(`AI provider ${candidate.providerName} failed: ${reason}`);
      if (firstTokenMs !== null) throw new StreamBrokenError(reason);
      reasons.push(`${candidate.providerName}: ${reason}`);
      return undefined;
    } finally {
      semaphore.release();
    }
  }

  private semaphoreOf(candidate: ProviderCandidate): Semaphore {
    // Keyed with the limit, so an edited limit takes effect for new calls.
    const key = `${candidate.providerId ?? 'env'}:${candidate.concurrency}`;
    let semaphore = this.semaphores.get(key);
    if (!semaphore) this.semaphores.set(key, (semaphore = new Semaphore(candidate.concurrency)));
    return semaphore;
  }
}
