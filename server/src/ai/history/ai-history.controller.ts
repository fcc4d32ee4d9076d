import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentMember } from '../../auth/current-user.decorator';
import type { MemberSession } from '../../auth/login-user';
import { MemberOnly } from '../../auth/permission';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { AiGenerationDto, AiHistoryQueryDto } from './ai-history.dto';
import { AiHistoryService } from './ai-history.service';

/** The signed-in member's own generations. */
@ApiTags('ai')
@ApiBearerAuth()
@Controller('ai/history')
export class AiHistoryController {
  constructor(private readonly history: AiHistoryService) {}

  @Get('list')
  @MemberOnly()
  @ApiOperation({ summary: "The member's generations, newest first (a conversation's turns oldest first)" })
  @ApiEnvelope(AiGenerationDto, { paged: true })
  list(@Query() query: AiHistoryQueryDto, @CurrentMember() member: MemberSession): Promise<PageResult<AiGenerationDto>> {
    return this.history.list(member.id, query);
  }

  @Get(':generationId')
  @MemberOnly()
  @ApiOperation({ summary: 'One of the member’s generations' })
  @ApiEnvelope(AiGenerationDto)
  get(@Param('generationId', IdPipe) generationId: string, @CurrentMember() member: MemberSession): Promise<AiGenerationDto> {
    return this.history.get(member.id, generationId);
  }

  @Delete(':generationIds')
  @MemberOnly()
  @ApiOperation({ summary: 'Delete some of the member’s generations (comma list); others’ ids are ignored' })
  @ApiEnvelope()
  async remove(@Param('generationIds', IdListPipe) ids: string[], @CurrentMember() member: MemberSession): Promise<void> {
    await this.history.remove(member.id, ids);
  }
}
