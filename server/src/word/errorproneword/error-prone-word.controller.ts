import { Body, Controller, Delete, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission, RequirePermission } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdArrayBodyPipe } from '../../cms/publishpipe/id-array.pipe';
import {
  CheckErrorProneDto,
  CreateErrorProneWordDto,
  ErrorProneHitDto,
  ErrorProneWordDto,
  ErrorProneWordQueryDto,
  UpdateErrorProneWordDto,
} from './error-prone-word.dto';
import type { ErrorProneWord } from './error-prone-word.entity';
import { ErrorProneWordService } from './error-prone-word.service';

const TITLE = '易错词';
const VIEW = 'cms:errorproneword:view';

/** Error-prone words (词汇 > 易错词), as ChestnutCMS's ErrorProneWordController, and the content editor's check. */
@ApiTags('word/errorproneword')
@ApiBearerAuth()
@Controller('word/errorproneword')
export class ErrorProneWordController {
  constructor(private readonly words: ErrorProneWordService) {}

  @ListRoute<ErrorProneWord>('', {
    fileName: 'word.errorProne.exportFile',
    columns: [
      { key: 'word', header: 'word.header.word', width: 20 },
      { key: 'replaceWord', header: 'word.header.replaceWord', width: 20 },
      { key: 'remark', header: 'field.remark', width: 30 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Error-prone words, paged (filter: query on word or replacement), newest first; POST with cc-export: 1 exports' })
  @ApiEnvelope(ErrorProneWordDto, { paged: true })
  list(@Query() query: ErrorProneWordQueryDto): Promise<PageResult<ErrorProneWord>> {
    return this.words.list(query);
  }

  @Post('check')
  @RequireAnyPermission(VIEW, 'cms:content:add', 'cms:content:edit')
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'The error-prone words in a text and an HTML body (its text only), each with its replacement and count' })
  @ApiEnvelope(ErrorProneHitDto)
  check(@Body() dto: CheckErrorProneDto): Promise<ErrorProneHitDto[]> {
    return this.words.check(dto);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:errorproneword:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add an error-prone word and its replacement (the word is unique)' })
  @ApiEnvelope(ErrorProneWordDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateErrorProneWordDto): Promise<ErrorProneWord> {
    return this.words.create(user, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:errorproneword:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change an error-prone word or its replacement' })
  @ApiEnvelope(ErrorProneWordDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateErrorProneWordDto): Promise<ErrorProneWord> {
    return this.words.update(user, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:errorproneword:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete error-prone words (body: id list)' })
  @ApiEnvelope()
  async remove(@Body(IdArrayBodyPipe) wordIds: string[]): Promise<void> {
    await this.words.remove(wordIds);
  }
}
