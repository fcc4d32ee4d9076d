import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentMember } from '../auth/current-user.decorator';
import { AcceptPageToken } from '../auth/permission';
import type { MemberSession } from '../auth/login-user';
import { AllowRepeatSubmit } from '../common/decorators/allow-repeat-submit.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ServiceException } from '../common/errors/service-exception';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import { clientInfo } from '../common/http/client-info';
import { t } from '../common/i18n/i18n';
import { SubmitVoteDto, VoteDetailDto } from './vote.dto';
import { VoteService, type Voter } from './vote.service';

/** A vote reference in the path: an id, or a code (a letter, then letters, digits, underscore). */
const REF = /^(?:[1-9]\d{0,17}|[A-Za-z][A-Za-z0-9_]{0,49})$/;

function voterOf(req: Request, member: MemberSession | undefined): Voter {
  const info = clientInfo(req);
  return { memberId: member?.id, ip: info.ipaddr, userAgent: info.userAgent };
}

/**
 * The public vote API used by the vote widget of published pages (ChestnutCMS's VoteApiController). Anyone may
 * read an open vote; members-only votes take the member's bearer token to vote.
 */
@ApiTags('vote')
@Controller('api/vote')
export class VoteApiController {
  constructor(private readonly votes: VoteService) {}

  @Get('result/:voteRef')
  @Public()
  // A member's page token tells whether they voted (view type "after voting").
  @AcceptPageToken()
  @ApiOperation({ summary: "Results by id or code, as the vote's view type allows (always, after the caller voted, never)" })
  @ApiEnvelope(VoteDetailDto)
  result(@Param('voteRef') ref: string, @Req() req: Request, @CurrentMember({ optional: true }) member?: MemberSession): Promise<VoteDetailDto> {
    return this.votes.publicResult(checkRef(ref), voterOf(req, member));
  }

  @Get(':voteRef')
  @Public()
  @ApiOperation({ summary: 'An open vote by id or code (enabled and in its time range), with its subjects and items' })
  @ApiEnvelope(VoteDetailDto)
  get(@Param('voteRef') ref: string): Promise<VoteDetailDto> {
    return this.votes.publicVote(checkRef(ref));
  }

  @Post()
  @Public()
  // Page script of published pages votes in a member's name with a page token (cms/template/page-member-script.ts).
  @AcceptPageToken()
  // Voters may submit again within their limits; the limits, not the repeat guard, decide.
  @AllowRepeatSubmit()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Submit answers: per subject itemIds (single choice: exactly one, multiple choice: at least one) or text (at most 500 characters); members-only votes need the member token; limits per voter per day and in total',
  })
  @ApiEnvelope('string')
  async submit(@Body() dto: SubmitVoteDto, @Req() req: Request, @CurrentMember({ optional: true }) member?: MemberSession): Promise<string> {
    await this.votes.submit(dto, voterOf(req, member));
    return t('vote.submitted');
  }
}

function checkRef(ref: string): string {
  if (!REF.test(ref)) throw ServiceException.notFound('vote.notFound');
  return ref;
}
