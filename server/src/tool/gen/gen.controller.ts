import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import {
  DbTableDto,
  GenQueryDto,
  GenTableDto,
  GenTableIdParam,
  GenTableIdsParam,
  GenTableNameParam,
  GenTablesQuery,
  UpdateGenTableDto,
} from './gen.dto';
import { GenService, type GenTableDetail } from './gen.service';
import type { GenTable } from './gen-table.entity';

const TITLE = '代码生成';

@ApiTags('tool/gen')
@ApiBearerAuth()
@Controller('tool/gen')
export class GenController {
  constructor(private readonly gen: GenService) {}

  @ListRoute<GenTable>('list', { fileName: 'gen.exportFile', exportPermission: 'tool:gen:code' })
  @RequirePermission('tool:gen:list')
  @ApiOperation({ summary: 'Imported tables, paged' })
  @ApiEnvelope(GenTableDto, { paged: true })
  list(@Query() query: GenQueryDto): Promise<PageResult<GenTable>> {
    return this.gen.list(query);
  }

  @Get('db/list')
  @RequirePermission('tool:gen:import')
  @ApiOperation({ summary: 'Tables of the public schema not imported yet, paged' })
  @ApiEnvelope(DbTableDto, { paged: true })
  dbList(@Query() query: GenQueryDto): Promise<PageResult<{ tableName: string; tableComment: string }>> {
    return this.gen.dbList(query);
  }

  @Post('importTable')
  @RequirePermission('tool:gen:import')
  @OperLog({ title: TITLE, businessType: BusinessType.IMPORT })
  @ApiOperation({ summary: 'Import tables (?tables=a,b) with default names and column settings' })
  @ApiEnvelope(GenTableDto, { isArray: true })
  importTables(@CurrentUser() user: LoginUser, @Query() query: GenTablesQuery): Promise<GenTable[]> {
    return this.gen.importTables(user, query.tables.split(','));
  }

  @Get('preview/:tableId')
  @RequirePermission('tool:gen:preview')
  @ApiOperation({ summary: 'Every generated file of the table: {path: content}' })
  @ApiEnvelope()
  preview(@Param() params: GenTableIdParam): Promise<Record<string, string>> {
    return this.gen.preview(params.tableId);
  }

  @Get('download/:tableId')
  @RequirePermission('tool:gen:code')
  @OperLog({ title: TITLE, businessType: BusinessType.GENCODE })
  @ApiOperation({ summary: 'The generated files of one table as a zip' })
  @ApiProduces('application/zip')
  async download(@Param() params: GenTableIdParam, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return this.zipFile(res, await this.gen.zip([await this.gen.tableNameOf(params.tableId)]), 'zhiwen-gen.zip');
  }

  @Get('batchGenCode')
  @RequirePermission('tool:gen:code')
  @OperLog({ title: TITLE, businessType: BusinessType.GENCODE })
  @ApiOperation({ summary: 'The generated files of several tables (?tables=a,b) as one zip' })
  @ApiProduces('application/zip')
  async batch(@Query() query: GenTablesQuery, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return this.zipFile(res, await this.gen.zip(query.tables.split(',')), 'zhiwen-gen.zip');
  }

  @Get('synchDb/:tableName')
  @RequirePermission('tool:gen:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Re-read the columns from the database, keeping the settings of columns still there' })
  @ApiEnvelope()
  sync(@Param() params: GenTableNameParam): Promise<GenTableDetail> {
    return this.gen.sync(params.tableName);
  }

  @Get(':tableId')
  @RequirePermission('tool:gen:query')
  @ApiOperation({ summary: 'A table with its column settings: {info, rows}' })
  @ApiEnvelope()
  get(@Param() params: GenTableIdParam): Promise<GenTableDetail> {
    return this.gen.get(params.tableId);
  }

  @Put()
  @RequirePermission('tool:gen:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Save the names and column settings' })
  @ApiEnvelope()
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdateGenTableDto): Promise<GenTableDetail> {
    return this.gen.update(user, dto);
  }

  @Delete(':tableIds')
  @RequirePermission('tool:gen:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Forget imported tables (comma list); the database tables stay' })
  @ApiEnvelope()
  async remove(@Param() params: GenTableIdsParam): Promise<void> {
    await this.gen.remove(params.tableIds.split(','));
  }

  private zipFile(res: Response, bytes: Uint8Array, fileName: string): StreamableFile {
    res.setHeader('download-filename', encodeURIComponent(fileName));
    return new StreamableFile(Buffer.from(bytes), { type: 'application/zip', disposition: `attachment; filename="${fileName}"` });
  }
}
