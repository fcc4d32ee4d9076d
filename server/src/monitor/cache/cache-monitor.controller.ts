import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { CacheDeletedDto, CacheGroupDto, CacheKeyQueryDto, CacheKeysDto, CacheOverviewDto, CacheValueDto } from './cache-monitor.dto';
import { CacheMonitorService, type CacheGroup, type CacheOverview, type CacheValue } from './cache-monitor.service';

const TITLE = 'cacheMonitor.title';

/** ChestnutCMS's cache monitor paths; groups are named by id (`session-staff`, `config`, ...), keys without our namespace. */
@ApiTags('monitor')
@ApiBearerAuth()
@Controller('monitor/cache')
export class CacheMonitorController {
  constructor(private readonly cache: CacheMonitorService) {}

  @Get()
  @RequirePermission('monitor:cache:list')
  @ApiOperation({ summary: 'The store: Redis INFO (memory, clients, hit rate, command statistics) or the memory store size' })
  @ApiEnvelope(CacheOverviewDto)
  info(): Promise<CacheOverview> {
    return this.cache.overview();
  }

  @Get('getNames')
  @RequirePermission('monitor:cache:list')
  @ApiOperation({ summary: 'Our key groups (by prefix) with their key counts' })
  @ApiEnvelope(CacheGroupDto, { isArray: true })
  names(): Promise<CacheGroup[]> {
    return this.cache.names();
  }

  @Get('getKeys/:id')
  @RequirePermission('monitor:cache:list')
  @ApiOperation({ summary: 'Keys of one group (at most 1000) with their time to live' })
  @ApiEnvelope(CacheKeysDto)
  keys(@Param('id') id: string) {
    return this.cache.keys(id);
  }

  @Get('getValue')
  @RequirePermission('monitor:cache:list')
  @ApiOperation({ summary: 'One value, with tokens and secrets masked' })
  @ApiEnvelope(CacheValueDto)
  value(@Query() query: CacheKeyQueryDto): Promise<CacheValue> {
    return this.cache.value(query.key);
  }

  @Delete('clearCacheName/:id')
  @RequirePermission('monitor:cache:clearCache')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Remove every key of one group' })
  @ApiEnvelope(CacheDeletedDto)
  clearName(@Param('id') id: string) {
    return this.cache.clearGroup(id);
  }

  @Delete('clearCacheKey')
  @RequirePermission('monitor:cache:clearCache')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Remove one key' })
  @ApiEnvelope()
  async clearKey(@Query() query: CacheKeyQueryDto): Promise<void> {
    await this.cache.clearKey(query.key);
  }

  @Delete('clearCacheAll')
  @RequirePermission('monitor:cache:clearCache')
  @OperLog({ title: TITLE, businessType: BusinessType.CLEAN })
  @ApiOperation({ summary: 'Remove every key of every group of ours (never other keys of the same Redis)' })
  @ApiEnvelope(CacheDeletedDto)
  clearAll() {
    return this.cache.clearAll();
  }
}
