import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission, SignedIn } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { DictDataService } from './dict-data.service';
import { CreateDictDataDto, DictDataDto, DictDataQueryDto, DictItemDto, UpdateDictDataDto } from './dto/dict-data.dto';
import type { SysDictData } from './sys-dict-data.entity';

const TITLE = '字典数据';

@ApiTags('system/dict')
@ApiBearerAuth()
@Controller('system/dict/data')
export class DictDataController {
  constructor(private readonly data: DictDataService) {}

  @ListRoute<SysDictData>('list', {
    fileName: 'sysDict.dataExportFile',
    exportPermission: 'system:dict:export',
    columns: [
      { key: 'dictCode', header: 'field.dictCode', width: 10 },
      { key: 'dictLabel', header: 'field.dictLabel', width: 24 },
      { key: 'dictValue', header: 'field.dictValue', width: 24 },
      { key: 'dictSort', header: 'field.dictSort', width: 10 },
      { key: 'isDefault', header: 'field.isDefault', width: 10, format: (v) => t(`sysDict.flag.${String(v)}`) },
      { key: 'status', header: 'field.status', width: 10, format: (v) => t(`sysDict.status.${String(v)}`) },
      { key: 'remark', header: 'field.remark', width: 40 },
      { key: 'createTime', header: 'field.createTime' },
    ],
  })
  @RequirePermission('system:dict:list')
  @ApiOperation({ summary: 'Entries of one dictionary type (export needs system:dict:export)' })
  @ApiEnvelope(DictDataDto, { paged: true })
  list(@Query() query: DictDataQueryDto) {
    return this.data.list(query);
  }

  @Get('type/:dictType')
  @SignedIn()
  @ApiOperation({ summary: "Enabled entries of a type in sort order, labels in the caller's language" })
  @ApiEnvelope(DictItemDto, { isArray: true })
  byType(@Param('dictType') dictType: string) {
    return this.data.byType(dictType);
  }

  @Get(':dictCode')
  @RequirePermission('system:dict:query')
  @ApiOperation({ summary: 'One dictionary entry' })
  @ApiEnvelope(DictDataDto)
  detail(@Param('dictCode', IdPipe) dictCode: string) {
    return this.data.get(dictCode);
  }

  @Post()
  @RequirePermission('system:dict:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a dictionary entry (its value must be new within the type)' })
  @ApiEnvelope(DictDataDto)
  create(@Body() dto: CreateDictDataDto, @CurrentUser() user: LoginUser) {
    return this.data.create(dto, user.userName);
  }

  @Put()
  @RequirePermission('system:dict:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: "Change a dictionary entry; a changed label is saved in the caller's language" })
  @ApiEnvelope()
  async update(@Body() dto: UpdateDictDataDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.data.update(dto, user.userName);
  }

  @Delete(':dictCodes')
  @RequirePermission('system:dict:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete dictionary entries (comma list of codes)' })
  @ApiEnvelope()
  async remove(@Param('dictCodes', IdListPipe) dictCodes: string[]): Promise<void> {
    await this.data.remove(dictCodes);
  }
}
