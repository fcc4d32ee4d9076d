import { Body, Controller, Delete, Get, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ServiceException } from '../../common/errors/service-exception';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { IdArrayBodyPipe } from '../../cms/publishpipe/id-array.pipe';
import {
  CheckSensitiveTextDto,
  CreateSensitiveWordDto,
  ImportSensitiveWordsDto,
  SensitiveCheckResultDto,
  SensitiveImportResultDto,
  SensitiveWordDto,
  SensitiveWordQueryDto,
  UpdateSensitiveWordDto,
} from './sensitive-word.dto';
import type { CmsSensitiveWord } from './sensitive-word.entity';
import { MAX_IMPORT_BYTES, readImportedWords } from './sensitive-word-import';
import { SensitiveWordService } from './sensitive-word.service';

const TITLE = '敏感词';
const VIEW = 'cms:sensitiveword:view';

/** Sensitive and whitelist words (词汇 > 敏感词), as ChestnutCMS's SensitiveWordController. */
@ApiTags('word/sensitiveword')
@ApiBearerAuth()
@Controller('word/sensitiveword')
export class SensitiveWordController {
  constructor(private readonly words: SensitiveWordService) {}

  @ListRoute<CmsSensitiveWord>('', {
    fileName: 'word.sensitive.exportFile',
    columns: [
      { key: 'word', header: 'word.sensitive.wordHeader', width: 24 },
      { key: 'wordType', header: 'word.sensitive.typeHeader', format: (v) => t(`word.sensitive.type.${String(v)}`) },
      { key: 'replaceWord', header: 'word.sensitive.replaceHeader', width: 20 },
      { key: 'remark', header: 'field.remark', width: 30 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'Words, paged (filters: word part, type), newest first; POST with cc-export: 1 exports' })
  @ApiEnvelope(SensitiveWordDto, { paged: true })
  list(@Query() query: SensitiveWordQueryDto): Promise<PageResult<CmsSensitiveWord>> {
    return this.words.list(query);
  }

  @Post('check')
  @RequirePermission(VIEW)
  // A read: checking the same text twice is fine.
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'The sensitive words in a text (folded matching, whitelist winning) and the text masked' })
  @ApiEnvelope(SensitiveCheckResultDto)
  async check(@Body() dto: CheckSensitiveTextDto): Promise<SensitiveCheckResultDto> {
    const matcher = await this.words.matcher();
    return { hits: matcher.find(dto.text), masked: matcher.mask(dto.text) };
  }

  @Post('import')
  @RequirePermission(VIEW, 'cms:sensitiveword:add')
  @OperLog({ title: TITLE, businessType: BusinessType.IMPORT })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' }, wordType: { type: 'string', enum: ['sensitive', 'whitelist'] } },
    },
  })
  @ApiOperation({ summary: 'Import words: a .txt with one word a line or an .xlsx (first column), up to 2 MB; present words are skipped' })
  @ApiEnvelope(SensitiveImportResultDto)
  async import(
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @Body() dto: ImportSensitiveWordsDto,
    @CurrentUser() user: LoginUser,
  ): Promise<Answer<SensitiveImportResultDto>> {
    if (!file) throw new ServiceException('word.sensitive.importBadFile');
    const result = await this.words.importWords(user, await readImportedWords(file.buffer), dto.wordType ?? 'sensitive');
    return new Answer(result, t('word.sensitive.imported', result));
  }

  @Get(':wordId')
  @RequirePermission(VIEW)
  @ApiOperation({ summary: 'One word' })
  @ApiEnvelope(SensitiveWordDto)
  get(@Param('wordId', IdPipe) wordId: string): Promise<CmsSensitiveWord> {
    return this.words.get(wordId);
  }

  @Post()
  @RequirePermission(VIEW, 'cms:sensitiveword:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a word (unique regardless of case)' })
  @ApiEnvelope(SensitiveWordDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateSensitiveWordDto): Promise<CmsSensitiveWord> {
    return this.words.create(user, dto);
  }

  @Put()
  @RequirePermission(VIEW, 'cms:sensitiveword:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a word, its type, replacement or remark' })
  @ApiEnvelope(SensitiveWordDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateSensitiveWordDto): Promise<CmsSensitiveWord> {
    return this.words.update(user, dto);
  }

  @Delete()
  @RequirePermission(VIEW, 'cms:sensitiveword:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  @ApiOperation({ summary: 'Delete words (body: id list)' })
  @ApiEnvelope()
  async remove(@Body(IdArrayBodyPipe) wordIds: string[]): Promise<void> {
    await this.words.remove(wordIds);
  }
}
