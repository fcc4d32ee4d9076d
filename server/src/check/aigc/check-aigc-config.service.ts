import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { SecretBox } from '../../common/crypto/secret-box';
import { ServiceException } from '../../common/errors/service-exception';
import { LogprobAigcScorer, type AigcBackendOptions } from '../engine/aigc';
import { CheckAigcConfig } from './check-aigc-config.entity';
import type { AigcConfigDto, AigcTestResultDto, UpdateAigcConfigDto } from './check-aigc-config.dto';

const ROW = 1;
/** Scored by "test connection" when staff give no text. */
const SAMPLE = '人工智能技术的快速发展为社会带来了深远影响。首先，它显著提高了生产效率；其次，它推动了产业结构的优化升级。';

/**
 * The AI-content backend of checks, set in the back office: the offline model (default), or an OpenAI-compatible
 * completions server that returns token log-probabilities (Fast-DetectGPT criterion). The API key is sealed at rest.
 */
@Injectable()
export class CheckAigcConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CheckAigcConfig);
  }

  async get(): Promise<AigcConfigDto> {
    const row = await this.row();
    return {
      backend: row.backend,
      baseUrl: row.baseUrl,
      model: row.model,
      apiKeySet: !!row.apiKey,
      timeoutMs: row.timeoutMs,
      calibrationCenter: row.calibrationCenter,
      calibrationScale: row.calibrationScale,
      llmWeight: row.llmWeight,
      updateBy: row.updateBy,
      updateTime: row.updateTime,
    };
  }

  async update(dto: UpdateAigcConfigDto, caller: LoginUser): Promise<AigcConfigDto> {
    const row = await this.row();
    await this.repo.update(
      { configId: ROW },
      {
        backend: dto.backend,
        baseUrl: dto.baseUrl ?? row.baseUrl,
        model: dto.model ?? row.model,
        timeoutMs: dto.timeoutMs ?? row.timeoutMs,
        calibrationCenter: dto.calibrationCenter ?? row.calibrationCenter,
        calibrationScale: dto.calibrationScale ?? row.calibrationScale,
        llmWeight: dto.llmWeight ?? row.llmWeight,
        updateBy: caller.userName,
        ...(dto.clearApiKey ? { apiKey: '' } : dto.apiKey ? { apiKey: this.box.seal(dto.apiKey) } : {}),
      },
    );
    return this.get();
  }

  /** What a check hands the worker: the logprob backend's settings (key opened) and its ensemble weight, or undefined for the offline model. */
  async backendOptions(): Promise<AigcBackendOptions | undefined> {
    const row = await this.row();
    if (row.backend !== 'logprob' || !row.baseUrl || !row.model) return undefined;
    return {
      baseUrl: row.baseUrl,
      model: row.model,
      apiKey: row.apiKey ? this.box.open(row.apiKey) : undefined,
      timeoutMs: row.timeoutMs,
      calibration: { center: row.calibrationCenter, scale: row.calibrationScale },
      llmWeight: row.llmWeight,
    };
  }

  /** Scores a sample through the configured backend, so staff see at once whether it answers. */
  async test(text?: string): Promise<AigcTestResultDto> {
    const options = await this.backendOptions();
    if (!options) throw new ServiceException('check.aigc.offlineOnly');
    const started = performance.now();
    try {
      const scorer = new LogprobAigcScorer(options);
      const [score] = await scorer.score([text?.trim() || SAMPLE]);
      return { score, model: `${scorer.model.name} ${scorer.model.version}`, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      throw new ServiceException('check.aigc.testFailed', { reason: (error as Error).message });
    }
  }

  private async row(): Promise<CheckAigcConfig> {
    const row = await this.repo.createQueryBuilder('c').addSelect('c.apiKey').where('c.config_id = :id', { id: ROW }).getOne();
    // The migration inserts the row; a missing one means the offline default.
    return (
      row ??
      Object.assign(new CheckAigcConfig(), {
        configId: ROW,
        backend: 'offline',
        baseUrl: '',
        model: '',
        apiKey: '',
        timeoutMs: 30000,
        calibrationCenter: 1,
        calibrationScale: 1,
        llmWeight: 0.5,
        updateBy: '',
        updateTime: new Date(0),
      })
    );
  }
}
