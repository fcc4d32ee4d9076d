import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AI_CONVERSATION, validateAiToolInput } from '@zhiwen/shared';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { MemberSession } from '../../auth/login-user';
import { MemberService } from '../../member/member.service';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { fieldErrorException, gatewayFailure } from '../ai-errors';
import { NoProviderError, StreamBrokenError, LlmGatewayService } from '../gateway/llm-gateway.service';
import type { ChatMessage } from '../gateway/openai-chat';
import { AiGeneration, type AiGenerationStatus } from '../history/ai-generation.entity';
import { AiLimitsService } from '../limits/ai-limits.service';
import { SensitiveWordFilter } from '../safety/sensitive-words';
import type { AiTool } from '../tool/ai-tool.entity';
import { AiToolService, renderToolPrompt } from '../tool/ai-tool.service';
import type { GenerateDto } from './ai-generate.dto';

/** One `data:` event of the answer stream. */
const event = (payload: unknown) => `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;

/**
 * Generation for members: every check (tool, fields, sensitive words, level, rate limits, provider, quota) runs
 * before anything is streamed, so a refusal is the usual JSON envelope. Then the answer streams as Server-Sent
 * Events: `data: {"content":"…"}` per piece as the provider sends it, `data: {"error":"…"}` if the provider breaks
 * off, and `data: [DONE]` last. The browser going away aborts the upstream call.
 */
@Injectable()
export class AiGenerateService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tools: AiToolService,
    private readonly gateway: LlmGatewayService,
    private readonly limits: AiLimitsService,
    private readonly words: SensitiveWordFilter,
    private readonly members: MemberService,
  ) {}

  private get generations() {
    return this.dataSource.getRepository(AiGeneration);
  }

  async generate(slug: string, dto: GenerateDto, member: MemberSession, req: Request, res: Response): Promise<void> {
    const tool = await this.tools.enabledBySlug(slug);
    const errors = validateAiToolInput(tool.fields, dto.fields);
    if (errors.length) throw fieldErrorException(errors);
    const values = Object.fromEntries(Object.entries(dto.fields).map(([k, v]) => [k, String(v ?? '').trim()]));
    const history = tool.conversational ? await this.history(dto, member.id) : [];
    const word = await this.words.findIn([...Object.values(values), ...history.filter((m) => m.role === 'user').map((m) => m.content)]);
    if (word) throw new ServiceException('ai.sensitiveInput', { word });
    const level = await this.memberLevel(member.id);
    if (tool.memberLevels.length && !tool.memberLevels.includes(level))
      throw ServiceException.forbidden('ai.levelNotAllowed', { tool: tool.toolName });
    const ip = req.ip ?? '';
    await this.limits.takeRate(member.id, ip);
    if (!(await this.gateway.hasProvider())) throw gatewayFailure(new NoProviderError());
    const counted = await this.limits.takeQuota(member.id, tool, level);

    const prompt = renderToolPrompt(tool, values);
    const conversationId = tool.conversational ? (dto.conversationId ?? randomUUID()) : null;
    const generation = await this.generations.save(
      this.generations.create({
        memberId: member.id,
        toolSlug: tool.slug,
        toolName: tool.toolName,
        conversationId,
        input: values,
        prompt,
        status: 'running',
      }),
    );
    await this.stream(tool, [...history, { role: 'user', content: prompt }], { member, ip, generation, counted }, res);
  }

  private async stream(
    tool: AiTool,
    messages: ChatMessage[],
    ctx: { member: MemberSession; ip: string; generation: AiGeneration; counted: boolean },
    res: Response,
  ): Promise<void> {
    const aborter = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborter.abort(new Error('client closed the connection'));
    });
    const masker = await this.words.masker();
    let output = '';
    const open = () => {
      if (res.headersSent) return;
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      // No caching and no transformation (compression would buffer the stream); nginx: do not buffer either.
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('Connection', 'keep-alive');
      res.setHeader('X-Accel-Buffering', 'no');
      res.setHeader('X-Generation-Id', ctx.generation.generationId);
      if (ctx.generation.conversationId) res.setHeader('X-Conversation-Id', ctx.generation.conversationId);
      res.flushHeaders();
      res.socket?.setNoDelay(true);
    };
    const send = (text: string) => {
      if (!text || aborter.signal.aborted) return;
      output += text;
      open();
      res.write(event({ content: text }));
    };
    const finish = async (status: AiGenerationStatus) => {
      await this.generations.update({ generationId: ctx.generation.generationId }, { status, output, finishTime: new Date() });
      // A generation that failed through no fault of the member gives its use back; a cancelled one does not.
      if (status === 'failed' && ctx.counted) await this.limits.refundQuota(ctx.member.id, tool.slug);
    };
    try {
      await this.gateway.stream({
        messages,
        signal: aborter.signal,
        onDelta: (content) => send(masker.push(content)),
        usage: {
          memberId: ctx.member.id,
          memberName: ctx.member.userName,
          toolSlug: tool.slug,
          generationId: ctx.generation.generationId,
          ip: ctx.ip,
        },
      });
      send(masker.flush());
      await finish('success');
      open();
      res.end(event('[DONE]'));
    } catch (error) {
      if (aborter.signal.aborted) {
        send(masker.flush());
        await finish('cancelled');
        return;
      }
      send(masker.flush());
      await finish('failed');
      if (!res.headersSent) throw gatewayFailure(error, false);
      // Content already reached the browser: the failure travels in the stream.
      const message = error instanceof StreamBrokenError ? t('ai.streamBroken') : t('ai.providersFailed');
      res.write(event({ error: message }));
      res.end(event('[DONE]'));
    }
  }

  /** Earlier turns of a conversation: the client's, or the member's stored ones for `conversationId`. */
  private async history(dto: GenerateDto, memberId: string): Promise<ChatMessage[]> {
    if (dto.history?.length) return dto.history.slice(-AI_CONVERSATION.maxTurns * 2).map((m) => ({ role: m.role, content: m.content }));
    if (!dto.conversationId) return [];
    const rows = await this.generations
      .createQueryBuilder('g')
      .select(['g.prompt', 'g.output', 'g.memberId'])
      .where('g.conversation_id = :id AND g.del_flag = :live', { id: dto.conversationId, live: '0' })
      .andWhere(`g.status = 'success'`)
      .orderBy('g.generation_id', 'DESC')
      .take(AI_CONVERSATION.maxTurns)
      .getMany();
    if (!rows.length || rows.some((r) => r.memberId !== memberId)) throw ServiceException.notFound('ai.conversationNotFound');
    return rows.reverse().flatMap((r): ChatMessage[] => [
      { role: 'user', content: r.prompt },
      { role: 'assistant', content: r.output },
    ]);
  }

  private async memberLevel(memberId: string): Promise<number> {
    const level = await this.members.activeLevel(memberId);
    if (level === null) throw ServiceException.unauthorized('ai.memberUnavailable');
    return level;
  }
}
