import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { SecretBox } from '../../common/crypto/secret-box';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { t } from '../../common/i18n/i18n';
import { streamChat, UpstreamError, type ChatTarget } from '../gateway/openai-chat';
import { AiProvider } from './ai-provider.entity';
import type {
  AiProviderDto,
  AiProviderQueryDto,
  AiProviderSummaryDto,
  AiProviderTestDto,
  ChangeAiProviderStatusDto,
  CreateAiProviderDto,
  UpdateAiProviderDto,
} from './ai-provider.dto';

/** A provider the gateway may call: its settings with the key opened, and a name for logs (never the key). */
export interface ProviderCandidate extends ChatTarget {
  /** null for the provider given by the environment. */
  providerId: string | null;
  providerName: string;
  concurrency: number;
}

/** Name of the provider given by LLM_BASE_URL in the usage log. */
export const ENV_PROVIDER_NAME = 'LLM_BASE_URL';
// Providers are read on every generation; a short cache keeps the database off the first-token path.
const CACHE_MS = 5_000;

/** LLM providers set in the back office (`/ai/provider`), plus the one given by the environment. */
@Injectable()
export class AiProviderService {
  private readonly logger = new Logger('AiProvider');
  private cache?: { at: number; candidates: ProviderCandidate[] };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly box: SecretBox,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(AiProvider);
  }

  async list(query: AiProviderQueryDto): Promise<PageResult<AiProviderDto>> {
    const qb = this.repo.createQueryBuilder('p').addSelect('p.apiKey');
    if (query.providerName) qb.andWhere('p.provider_name ILIKE :name', { name: `%${escapeLike(query.providerName)}%` });
    if (query.status) qb.andWhere('p.status = :status', { status: query.status });
    const page = await paginate(qb, query, {
      sortable: { priority: 'p.priority', providerName: 'p.provider_name', updateTime: 'p.update_time', providerId: 'p.provider_id' },
      defaultOrder: { 'p.priority': 'ASC', 'p.provider_id': 'ASC' },
    });
    return { rows: page.rows.map((row) => this.toDto(row)), total: page.total };
  }

  async get(providerId: string): Promise<AiProviderDto> {
    return this.toDto(await this.row(providerId));
  }

  async create(dto: CreateAiProviderDto, caller: LoginUser): Promise<AiProviderDto> {
    const saved = await this.repo.save(
      this.repo.create({
        ...this.settings(dto),
        apiKey: dto.apiKey ? this.box.seal(dto.apiKey) : '',
        status: dto.status ?? '0',
        createBy: caller.userName,
        updateBy: caller.userName,
      }),
    );
    this.cache = undefined;
    return this.get(saved.providerId);
  }

  async update(dto: UpdateAiProviderDto, caller: LoginUser): Promise<AiProviderDto> {
    await this.row(dto.providerId);
    await this.repo.update(
      { providerId: dto.providerId },
      {
        ...this.settings(dto),
        ...(dto.status ? { status: dto.status } : {}),
        updateBy: caller.userName,
        ...(dto.clearApiKey ? { apiKey: '' } : dto.apiKey ? { apiKey: this.box.seal(dto.apiKey) } : {}),
      },
    );
    this.cache = undefined;
    return this.get(dto.providerId);
  }

  async changeStatus(dto: ChangeAiProviderStatusDto, caller: LoginUser): Promise<void> {
    await this.row(dto.providerId);
    await this.repo.update({ providerId: dto.providerId }, { status: dto.status, updateBy: caller.userName });
    this.cache = undefined;
  }

  async remove(ids: string[]): Promise<void> {
    await this.repo.delete(ids);
    this.cache = undefined;
  }

  async summary(): Promise<AiProviderSummaryDto> {
    const enabled = await this.repo.count({ where: { status: '0' } });
    const env = this.config.llm;
    return { enabled, env: env ? { baseUrl: env.baseUrl, model: env.model } : null };
  }

  /** Enabled providers in the order the gateway tries them: back office by priority, then the environment's. */
  async candidates(): Promise<ProviderCandidate[]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.candidates;
    const rows = await this.repo
      .createQueryBuilder('p')
      .addSelect('p.apiKey')
      .where(`p.status = '0'`)
      .orderBy('p.priority', 'ASC')
      .addOrderBy('p.provider_id', 'ASC')
      .getMany();
    const candidates = rows.map((row) => this.candidate(row));
    const env = this.config.llm;
    if (env) {
      candidates.push({
        providerId: null,
        providerName: ENV_PROVIDER_NAME,
        baseUrl: env.baseUrl,
        apiKey: env.apiKey,
        model: env.model,
        maxTokens: 4096,
        temperature: 0.7,
        timeoutMs: 60_000,
        concurrency: 256,
      });
    }
    this.cache = { at: Date.now(), candidates };
    return candidates;
  }

  /** One provider as the gateway calls it, enabled or not (test connection). */
  async candidateOf(providerId: string): Promise<ProviderCandidate> {
    return this.candidate(await this.row(providerId));
  }

  /**
   * Calls the provider once with a short prompt and tells whether it answers: the HTTP status, the first-token time
   * and a short reason on failure. Never what the server answered: the base URL is staff input and may name any
   * service the server can reach, so its answer must not be readable through this route.
   */
  async test(providerId: string): Promise<AiProviderTestDto> {
    const candidate = await this.candidateOf(providerId);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let firstTokenMs: number | null = null;
    const result = (status: number | null, reason = ''): AiProviderTestDto => ({
      providerName: candidate.providerName,
      model: candidate.model,
      ok: !reason,
      status,
      latencyMs: firstTokenMs ?? elapsed(),
      reason,
    });
    let failed: AiProviderTestDto;
    try {
      await streamChat(
        { ...candidate, maxTokens: Math.min(candidate.maxTokens, 64) },
        [{ role: 'user', content: '你好，请用一句话介绍你自己。' }],
        new AbortController().signal,
        () => {
          firstTokenMs ??= elapsed();
        },
      );
      if (firstTokenMs !== null) return result(200);
      failed = result(200, t('ai.provider.reason.empty'));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      this.logger.warn(`AI provider test of ${candidate.providerName} failed: ${error.message}`);
      failed = result(error.status ?? null, t(`ai.provider.reason.${error.kind}`, { status: error.status ?? '' }));
    }
    throw new ServiceException(
      'ai.provider.testFailed',
      { reason: failed.reason, ms: failed.latencyMs },
      HttpStatus.SERVICE_UNAVAILABLE,
      HttpStatus.SERVICE_UNAVAILABLE,
      {
        ...failed,
      },
    );
  }

  private candidate(row: AiProvider): ProviderCandidate {
    return {
      providerId: row.providerId,
      providerName: row.providerName,
      baseUrl: row.baseUrl.replace(/\/+$/, ''),
      apiKey: row.apiKey ? this.box.open(row.apiKey) : undefined,
      model: row.model,
      maxTokens: row.maxTokens,
      temperature: row.temperature,
      timeoutMs: row.timeoutMs,
      concurrency: row.concurrency,
    };
  }

  private settings(dto: CreateAiProviderDto) {
    return {
      providerName: dto.providerName,
      baseUrl: dto.baseUrl.replace(/\/+$/, ''),
      model: dto.model,
      maxTokens: dto.maxTokens ?? 4096,
      temperature: dto.temperature ?? 0.7,
      timeoutMs: dto.timeoutMs ?? 60_000,
      concurrency: dto.concurrency ?? 8,
      priority: dto.priority ?? 0,
      remark: dto.remark ?? '',
    };
  }

  private async row(providerId: string): Promise<AiProvider> {
    const row = await this.repo.createQueryBuilder('p').addSelect('p.apiKey').where('p.provider_id = :id', { id: providerId }).getOne();
    if (!row) throw ServiceException.notFound();
    return row;
  }

  private toDto(row: AiProvider): AiProviderDto {
    const { apiKey, createBy: _c, createTime: _t, updateBy: _u, ...rest } = row;
    return { ...rest, apiKeySet: !!apiKey };
  }
}
