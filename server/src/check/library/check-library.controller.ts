import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CheckIndexService } from './check-index.service';
import { CheckLibraryService } from './check-library.service';
import { CreateLibraryDto, IndexStatsDto, LibraryDto, LibraryQueryDto, RebuildStatusDto, UpdateLibraryDto } from './dto/library.dto';

const TITLE = '比对库';

@ApiTags('check/library')
@ApiBearerAuth()
@Controller('check/library')
export class CheckLibraryController {
  constructor(
    private readonly libraries: CheckLibraryService,
    private readonly index: CheckIndexService,
  ) {}

  @ListRoute<LibraryDto>('list', {
    exportPermission: 'check:library:export',
    fileName: 'check.library.exportFile',
    columns: [
      { key: 'libraryId', header: 'field.libraryId', width: 10 },
      { key: 'libraryName', header: 'field.libraryName', width: 24 },
      { key: 'libraryCode', header: 'field.libraryCode', width: 16 },
      { key: 'libraryKind', header: 'field.libraryKind', format: (v) => t(`check.library.kind.${String(v)}`) },
      { key: 'status', header: 'field.status', format: (v) => t(`check.library.status.${String(v)}`) },
      { key: 'documentCount', header: 'field.documentCount' },
      { key: 'charCount', header: 'field.charCount', width: 14 },
      { key: 'description', header: 'field.description', width: 40 },
      { key: 'createTime', header: 'field.createTime', width: 20 },
    ],
  })
  @RequirePermission('check:library:list')
  @ApiOperation({ summary: 'Comparison libraries with their document figures; POST with cc-export: 1 downloads them' })
  @ApiEnvelope(LibraryDto, { paged: true })
  list(@Query() query: LibraryQueryDto): Promise<PageResult<LibraryDto>> {
    return this.libraries.list(query);
  }

  @Get('stats')
  @RequirePermission('check:library:list')
  @ApiOperation({ summary: 'Index statistics: documents, characters, postings, distinct hashes, per library, and the latest rebuild' })
  @ApiEnvelope(IndexStatsDto)
  stats(): Promise<IndexStatsDto> {
    return this.index.stats();
  }

  @Post('rebuild')
  @RequirePermission('check:library:rebuild')
  @OperLog({ title: TITLE, businessType: BusinessType.OTHER })
  @ApiOperation({ summary: 'Rebuild the whole fingerprint index from the stored texts (a background job; progress in stats)' })
  @ApiEnvelope(RebuildStatusDto)
  async rebuild(@CurrentUser() user: LoginUser): Promise<Answer<RebuildStatusDto>> {
    return new Answer(await this.index.requestRebuild(user.userName), t('check.library.rebuildStarted'));
  }

  @Get(':libraryId')
  @RequirePermission('check:library:query')
  @ApiOperation({ summary: 'One library' })
  @ApiEnvelope(LibraryDto)
  get(@Param('libraryId', IdPipe) libraryId: string): Promise<LibraryDto> {
    return this.libraries.get(libraryId);
  }

  @Post()
  @RequirePermission('check:library:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a reference library (code unique)' })
  @ApiEnvelope(LibraryDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreateLibraryDto): Promise<LibraryDto> {
    return this.libraries.create(user, dto);
  }

  @Put()
  @RequirePermission('check:library:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a library (name, description, status, order; not its code or kind)' })
  @ApiEnvelope(LibraryDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateLibraryDto): Promise<LibraryDto> {
    return this.libraries.update(user, dto);
  }

  @Delete(':libraryIds')
  @RequirePermission('check:library:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete libraries (comma list); refused for built-in libraries and libraries holding documents' })
  @ApiEnvelope()
  async remove(@Param('libraryIds', IdListPipe) libraryIds: string[]): Promise<void> {
    await this.libraries.remove(libraryIds);
  }
}
