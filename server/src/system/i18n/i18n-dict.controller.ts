import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LANGUAGES, LANGUAGE_LABELS } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission, SignedIn } from '../../auth/permission';
import { Public } from '../../common/decorators/public.decorator';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import {
  CreateI18nDictDto,
  I18nDictDto,
  I18nDictQueryDto,
  I18nEntryDto,
  KeyTranslationDto,
  LangOptionDto,
  UpdateI18nDictDto,
} from './dto/i18n-dict.dto';
import { I18nBatchPipe } from './i18n-batch.pipe';
import type { I18nDict } from './i18n-dict.entity';
import { I18nEntryService } from './i18n-entry.service';

const TITLE = '国际化词条';

@ApiTags('system/i18n')
@ApiBearerAuth()
@Controller('system/i18n/dict')
export class I18nDictController {
  constructor(private readonly entries: I18nEntryService) {}

  @ListRoute<I18nDict>('list', {
    fileName: 'i18n.exportFile',
    columns: [
      { key: 'dictId', header: 'field.dictId', width: 10 },
      { key: 'langTag', header: 'field.langTag', width: 10 },
      { key: 'langKey', header: 'field.langKey', width: 40 },
      { key: 'langValue', header: 'field.langValue', width: 40 },
      { key: 'createTime', header: 'field.createTime' },
    ],
  })
  @RequirePermission('system:i18n:list')
  @ApiOperation({ summary: 'Translation entries' })
  @ApiEnvelope(I18nDictDto, { paged: true })
  list(@Query() query: I18nDictQueryDto) {
    return this.entries.list(query);
  }

  @Get('langOptions')
  @Public()
  @ApiOperation({ summary: 'The UI languages (the login page offers them)' })
  @ApiEnvelope(LangOptionDto, { isArray: true })
  langOptions(): LangOptionDto[] {
    return LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));
  }

  @Get('langKey/:langKey')
  @SignedIn()
  @ApiOperation({ summary: 'The texts of one key in every language (translation editors of other screens use it)' })
  @ApiEnvelope(KeyTranslationDto, { isArray: true })
  byKey(@Param('langKey') langKey: string) {
    return this.entries.byKey(langKey);
  }

  @Delete('refreshCache')
  @RequirePermission('system:i18n:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Reload server-message overrides and drop cached dictionaries' })
  @ApiEnvelope()
  async refreshCache(): Promise<void> {
    await this.entries.refreshCache();
  }

  @Get(':dictId')
  @RequirePermission('system:i18n:query')
  @ApiOperation({ summary: 'One translation entry' })
  @ApiEnvelope(I18nDictDto)
  detail(@Param('dictId', IdPipe) dictId: string) {
    return this.entries.get(dictId);
  }

  @Post()
  @RequirePermission('system:i18n:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a translation (one per language and key)' })
  @ApiEnvelope(I18nDictDto)
  create(@Body() dto: CreateI18nDictDto, @CurrentUser() user: LoginUser) {
    return this.entries.create(dto, user.userName);
  }

  @Put('batch')
  @RequirePermission('system:i18n:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Add or replace many translations at once: all or none' })
  @ApiBody({ type: I18nEntryDto, isArray: true })
  @ApiEnvelope()
  async saveBatch(@Body(I18nBatchPipe) items: I18nEntryDto[], @CurrentUser() user: LoginUser): Promise<void> {
    await this.entries.saveBatch(items, user.userName);
  }

  @Put()
  @RequirePermission('system:i18n:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a translation' })
  @ApiEnvelope()
  async update(@Body() dto: UpdateI18nDictDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.entries.update(dto, user.userName);
  }

  @Delete(':dictIds')
  @RequirePermission('system:i18n:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete translations (comma list of ids)' })
  @ApiEnvelope()
  async remove(@Param('dictIds', IdListPipe) dictIds: string[]): Promise<void> {
    await this.entries.remove(dictIds);
  }
}
