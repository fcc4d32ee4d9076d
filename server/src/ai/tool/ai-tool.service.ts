import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  aiFieldBounds,
  aiTemplateValues,
  parsePromptTemplate,
  PromptTemplateError,
  renderPromptTemplate,
  type AiToolField,
  type PageResult,
} from '@zhiwen/shared';
import type { DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { LlmGatewayService } from '../gateway/llm-gateway.service';
import { AiProviderService } from '../provider/ai-provider.service';
import { gatewayFailure, fieldErrorException } from '../ai-errors';
import { AiTool } from './ai-tool.entity';
import type {
  AiToolPublicDto,
  AiToolQueryDto,
  ChangeAiToolStatusDto,
  PreviewAiToolDto,
  AiToolPreviewResultDto,
  UpdateAiToolDto,
} from './ai-tool.dto';
import { validateAiToolInput } from '@zhiwen/shared';

const CACHE_MS = 5_000;

/** The prompt of a request: the template filled with the field values. */
export function renderToolPrompt(tool: Pick<AiTool, 'fields' | 'promptTemplate'>, values: Record<string, unknown>): string {
  return renderPromptTemplate(tool.promptTemplate, aiTemplateValues(tool.fields, values));
}

/** The tool catalog: what the site lists and generates with, and what staff edit (`/ai/tool`). */
@Injectable()
export class AiToolService {
  private cache?: { at: number; tools: AiTool[] };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gateway: LlmGatewayService,
    private readonly providers: AiProviderService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(AiTool);
  }

  /** Enabled tools by sort order (cached briefly: read on every generation). */
  async enabled(): Promise<AiTool[]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.tools;
    const tools = await this.repo.find({ where: { status: '0' }, order: { sort: 'ASC', toolId: 'ASC' } });
    this.cache = { at: Date.now(), tools };
    return tools;
  }

  async enabledBySlug(slug: string): Promise<AiTool> {
    const tool = (await this.enabled()).find((t) => t.slug === slug);
    if (!tool) throw ServiceException.notFound('ai.toolNotFound');
    return tool;
  }

  /** A tool as the site sees it: the field limits in force, no prompt template. */
  toPublic(tool: AiTool): AiToolPublicDto {
    return {
      slug: tool.slug,
      name: tool.toolName,
      category: tool.category,
      description: tool.description,
      fields: tool.fields.map((f) => ({ ...f, minLength: aiFieldBounds(f).min, maxLength: aiFieldBounds(f).max })),
      outputFormat: tool.outputFormat,
      conversational: tool.conversational,
      sort: tool.sort,
      dailyQuota: tool.dailyQuota,
    };
  }

  list(query: AiToolQueryDto): Promise<PageResult<AiTool>> {
    const qb = this.repo.createQueryBuilder('t');
    if (query.toolName) qb.andWhere('(t.tool_name ILIKE :name OR t.slug ILIKE :name)', { name: `%${escapeLike(query.toolName)}%` });
    if (query.category) qb.andWhere('t.category = :category', { category: query.category });
    if (query.status) qb.andWhere('t.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: {
        sort: 't.sort',
        toolName: 't.tool_name',
        slug: 't.slug',
        dailyQuota: 't.daily_quota',
        updateTime: 't.update_time',
        toolId: 't.tool_id',
      },
      defaultOrder: { 't.sort': 'ASC', 't.tool_id': 'ASC' },
    });
  }

  async get(toolId: string): Promise<AiTool> {
    const tool = await this.repo.findOneBy({ toolId });
    if (!tool) throw ServiceException.notFound();
    return tool;
  }

  async update(dto: UpdateAiToolDto, caller: LoginUser): Promise<AiTool> {
    const tool = await this.get(dto.toolId);
    checkTemplate(dto.promptTemplate, dto.fields);
    await this.repo.update(
      { toolId: tool.toolId },
      {
        toolName: dto.toolName,
        category: dto.category ?? tool.category,
        description: dto.description ?? tool.description,
        fields: dto.fields.map(cleanField),
        promptTemplate: dto.promptTemplate,
        status: dto.status ?? tool.status,
        sort: dto.sort ?? tool.sort,
        memberLevels: dto.memberLevels ?? tool.memberLevels,
        dailyQuota: dto.dailyQuota ?? tool.dailyQuota,
        levelQuotas: dto.levelQuotas?.map(({ level, quota }) => ({ level, quota })) ?? tool.levelQuotas,
        remark: dto.remark ?? tool.remark,
        updateBy: caller.userName,
      },
    );
    this.cache = undefined;
    return this.get(tool.toolId);
  }

  async changeStatus(dto: ChangeAiToolStatusDto, caller: LoginUser): Promise<void> {
    await this.get(dto.toolId);
    await this.repo.update({ toolId: dto.toolId }, { status: dto.status, updateBy: caller.userName });
    this.cache = undefined;
  }

  /** Fills the (stored or unsaved) template and, unless asked not to, runs it through a provider: what staff check before saving. */
  async preview(dto: PreviewAiToolDto): Promise<AiToolPreviewResultDto> {
    const stored = await this.get(dto.toolId);
    const fields = dto.toolFields?.map(cleanField) ?? stored.fields;
    const template = dto.promptTemplate ?? stored.promptTemplate;
    checkTemplate(template, fields);
    const errors = validateAiToolInput(fields, dto.fields);
    if (errors.length) throw fieldErrorException(errors);
    const prompt = renderToolPrompt({ fields, promptTemplate: template }, dto.fields);
    if (dto.promptOnly) return { prompt, output: '', providerName: '', model: '', latencyMs: 0 };
    let output = '';
    try {
      const result = await this.gateway.stream({
        messages: [{ role: 'user', content: prompt }],
        signal: new AbortController().signal,
        onDelta: (content) => {
          output += content;
        },
        usage: { memberId: null, memberName: '', toolSlug: stored.slug, generationId: null, ip: '' },
        only: dto.providerId ? await this.providers.candidateOf(dto.providerId) : undefined,
      });
      return { prompt, output, providerName: result.providerName, model: result.model, latencyMs: result.latencyMs };
    } catch (error) {
      throw gatewayFailure(error);
    }
  }
}

function cleanField(field: AiToolField): AiToolField {
  const { name, label, type, required, minLength, maxLength, placeholder, options, defaultValue } = field;
  return {
    name,
    label,
    type,
    required,
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(placeholder ? { placeholder } : {}),
    ...(type === 'select' ? { options: (options ?? []).map(({ value, label: text }) => ({ value, label: text })) } : {}),
    ...(defaultValue ? { defaultValue } : {}),
  };
}

/** A template must parse and name only the tool's fields; field names are unique; selects have options. */
function checkTemplate(template: string, fields: AiToolField[]): void {
  const names = new Set<string>();
  for (const field of fields) {
    if (names.has(field.name)) throw new ServiceException('ai.tool.fieldDuplicate', { name: field.name });
    names.add(field.name);
    if (field.type === 'select' && !field.options?.length) throw new ServiceException('ai.tool.selectOptions', { name: field.label });
  }
  try {
    parsePromptTemplate(template);
  } catch (error) {
    if (error instanceof PromptTemplateError) throw new ServiceException('ai.tool.templateInvalid', { reason: error.message });
    throw error;
  }
  for (const [, name] of template.matchAll(/\{\{\s*(?:#if\s+)?([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g)) {
    if (name !== 'else' && !names.has(name)) throw new ServiceException('ai.tool.templateUnknownField', { name });
  }
}
