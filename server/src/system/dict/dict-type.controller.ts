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
import { DictTypeService } from './dict-type.service';
import { CreateDictTypeDto, DictTypeDto, DictTypeOptionDto, DictTypeQueryDto, UpdateDictTypeDto } from './dto/dict-type.dto';
import type { SysDictType } from './sys-dict-type.entity';

const TITLE = '字典类型';

@ApiTags('system/dict')
@ApiBearerAuth()
@Controller('system/dict/type')
export class DictTypeController {
  constructor(private readonly types: DictTypeService) {}

  @ListRoute<SysDictType>('list', {
    fileName: 'sysDict.typeExportFile',
    exportPermission: 'system:dict:export',
    columns: [
      { key: 'dictId', header: 'field.dictId', width: 10 },
      { key: 'dictName', header: 'field.dictName', width: 30 },
      { key: 'dictType', header: 'field.dictType', width: 30 },
      { key: 'isFixed', header: 'field.isFixed', width: 10, format: (v) => t(`sysDict.flag.${String(v)}`) },
      { key: 'status', header: 'field.status', width: 10, format: (v) => t(`sysDict.status.${String(v)}`) },
      { key: 'remark', header: 'field.remark', width: 40 },
      { key: 'createTime', header: 'field.createTime' },
    ],
  })
  @RequirePermission('system:dict:list')
  @ApiOperation({ summary: 'Dictionary types (export needs system:dict:export)' })
  @ApiEnvelope(DictTypeDto, { paged: true })
  list(@Query() query: DictTypeQueryDto) {
    return this.types.list(query);
  }

  @Get('optionselect')
  @SignedIn()
  @ApiOperation({ summary: 'Every dictionary type, for pickers' })
  @ApiEnvelope(DictTypeOptionDto, { isArray: true })
  options() {
    return this.types.options();
  }

  @Delete('refreshCache')
  @RequirePermission('system:dict:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Drop every cached dictionary' })
  @ApiEnvelope()
  async refreshCache(): Promise<void> {
    await this.types.refreshCache();
  }

  @Get(':dictId')
  @RequirePermission('system:dict:query')
  @ApiOperation({ summary: 'One dictionary type' })
  @ApiEnvelope(DictTypeDto)
  detail(@Param('dictId', IdPipe) dictId: string) {
    return this.types.get(dictId);
  }

  @Post()
  @RequirePermission('system:dict:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a dictionary type (the type must be new)' })
  @ApiEnvelope(DictTypeDto)
  create(@Body() dto: CreateDictTypeDto, @CurrentUser() user: LoginUser) {
    return this.types.create(dto, user.userName);
  }

  @Put()
  @RequirePermission('system:dict:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a dictionary type; a new type name moves its entries along' })
  @ApiEnvelope()
  async update(@Body() dto: UpdateDictTypeDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.types.update(dto, user.userName);
  }

  @Delete(':dictIds')
  @RequirePermission('system:dict:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete dictionary types with their entries (comma list of ids); built-in ones cannot be deleted' })
  @ApiEnvelope()
  async remove(@Param('dictIds', IdListPipe) dictIds: string[]): Promise<void> {
    await this.types.remove(dictIds);
  }
}
