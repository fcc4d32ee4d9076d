import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { DataSource } from 'typeorm';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { AiGeneration } from './ai-generation.entity';
import type { AiGenerationDto, AiHistoryQueryDto } from './ai-history.dto';

const COLUMNS = ['g.generationId', 'g.toolSlug', 'g.toolName', 'g.conversationId', 'g.input', 'g.output', 'g.status', 'g.createTime', 'g.finishTime'];

/** A member's own generations: list, read, delete (soft). Nobody else's are ever reachable. */
@Injectable()
export class AiHistoryService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private own(memberId: string) {
    return this.dataSource
      .getRepository(AiGeneration)
      .createQueryBuilder('g')
      .select(COLUMNS)
      .where('g.member_id = :memberId AND g.del_flag = :live', { memberId, live: '0' });
  }

  list(memberId: string, query: AiHistoryQueryDto): Promise<PageResult<AiGenerationDto>> {
    const qb = this.own(memberId);
    if (query.toolSlug) qb.andWhere('g.tool_slug = :slug', { slug: query.toolSlug });
    if (query.conversationId) qb.andWhere('g.conversation_id = :conversation', { conversation: query.conversationId });
    return paginate(qb, query, {
      sortable: { createTime: 'g.generation_id', generationId: 'g.generation_id' },
      // A conversation reads oldest first; the history list newest first.
      defaultOrder: { 'g.generation_id': query.conversationId ? 'ASC' : 'DESC' },
    });
  }

  async get(memberId: string, generationId: string): Promise<AiGenerationDto> {
    const row = await this.own(memberId).andWhere('g.generation_id = :id', { id: generationId }).getOne();
    if (!row) throw ServiceException.notFound();
    return row;
  }

  async remove(memberId: string, ids: string[]): Promise<void> {
    await this.dataSource.query(`UPDATE ai_generation SET del_flag = '2' WHERE member_id = $1 AND generation_id = ANY($2::bigint[])`, [
      memberId,
      ids,
    ]);
  }
}
