import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { CurrentMember } from '../../auth/current-user.decorator';
import type { MemberSession } from '../../auth/login-user';
import { MemberOnly } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { CmsPageTokenService, PageTokenDto } from './cms-page-token.service';

export class PageTokenRequestDto {
  @ApiProperty({ description: 'The published page the member goes back to with the token' })
  @IsString()
  @MaxLength(2000)
  pageUrl: string;
}

@ApiTags('CMS page script')
@ApiBearerAuth()
@Controller('api/member')
export class CmsPageTokenController {
  constructor(private readonly pageTokens: CmsPageTokenService) {}

  @Post('page-token')
  @HttpCode(200)
  @MemberOnly()
  // Each page the member opens may ask again.
  @AllowRepeatSubmit()
  @ApiOperation({
    summary:
      'A page token for page script of a published site (comment, like, vote in the member’s name), asked by the member site’s /connect page for the page it returns to',
  })
  @ApiEnvelope(PageTokenDto)
  issue(@CurrentMember() member: MemberSession, @Body() dto: PageTokenRequestDto, @Req() req: Request): Promise<PageTokenDto> {
    return this.pageTokens.issue(member, dto.pageUrl, req.get('host') ?? '');
  }
}
