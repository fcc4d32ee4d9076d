import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../auth/current-user.decorator';
import type { LoginUser } from '../auth/login-user';
import { RequirePermission } from '../auth/permission';
import { BusinessType, OperLog } from '../common/decorators/oper-log.decorator';
import { ListRoute } from '../common/export/list-route.decorator';
import { ApiEnvelope } from '../common/http/api-envelope.decorator';
import { t } from '../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../common/validation/id.pipe';
import { PusherDeliveryService } from './pusher-delivery.service';
import {
  ChangePusherStatusDto,
  PusherChannelDto,
  PusherChannelQueryDto,
  PusherDeliveryQueryDto,
  PusherTestResultDto,
  SavePusherChannelDto,
} from './pusher.dto';
import { PusherDelivery } from './pusher.entity';
import { PusherService } from './pusher.service';

const TITLE = 'pusher.title';

/** 消息推送配置 (`cms/pusher/index`): channels, their test send, and the delivery log. */
@ApiTags('cms/pusher')
@ApiBearerAuth()
@Controller('cms/pusher')
export class PusherController {
  constructor(
    private readonly channels: PusherService,
    private readonly deliveries: PusherDeliveryService,
  ) {}

  @ListRoute<PusherChannelDto>('channel/list', {
    fileName: 'pusher.exportFile',
    columns: [
      { key: 'channelId', header: 'field.channelId', width: 10 },
      { key: 'name', header: 'field.name', width: 20 },
      { key: 'channelType', header: 'field.channelType', width: 16, format: (v) => t(`pusher.type.${v}`) },
      { key: 'events', header: 'field.events', width: 40, format: (v) => (v as string[]).map((e) => t(`pusher.event.${e}`)).join('、') },
      { key: 'enabled', header: 'field.enabled', width: 8, format: (v) => t(`pusher.enabled.${Boolean(v)}`) },
      { key: 'remark', header: 'field.remark', width: 30 },
    ],
  })
  @RequirePermission('cms:pusher:view')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Push channels (secrets only as set or not)' })
  @ApiEnvelope(PusherChannelDto, { paged: true })
  list(@Query() query: PusherChannelQueryDto): Promise<PageResult<PusherChannelDto>> {
    return this.channels.list(query);
  }

  @ListRoute<PusherDelivery>('log/list', {
    fileName: 'pusher.logExportFile',
    columns: [
      { key: 'deliveryId', header: 'field.deliveryId', width: 10 },
      { key: 'channelName', header: 'field.name', width: 20 },
      { key: 'event', header: 'field.event', width: 20, format: (v) => t(`pusher.event.${v}`) },
      { key: 'title', header: 'field.title', width: 20 },
      { key: 'status', header: 'field.status', width: 10, format: (v) => t(`pusher.status.${v}`) },
      { key: 'attempts', header: 'pusher.attempts', width: 8 },
      { key: 'error', header: 'pusher.label.error', width: 40 },
      { key: 'createTime', header: 'pusher.label.time' },
    ],
  })
  @RequirePermission('cms:pusher:view')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'The delivery log, newest first' })
  @ApiEnvelope(PusherDelivery, { paged: true })
  logs(@Query() query: PusherDeliveryQueryDto): Promise<PageResult<PusherDelivery>> {
    return this.deliveries.list(query);
  }

  @Get('channel/:channelId')
  @RequirePermission('cms:pusher:view')
  @ApiOperation({ summary: 'One channel (secrets only as set or not)' })
  @ApiEnvelope(PusherChannelDto)
  get(@Param('channelId', IdPipe) channelId: string): Promise<PusherChannelDto> {
    return this.channels.get(channelId);
  }

  // Parameters are not logged: a robot's webhook URL carries its key.
  @Post('channel')
  @RequirePermission('cms:pusher:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT, saveParams: false })
  @ApiOperation({ summary: 'Add a channel; a robot webhook must be on the robot’s official host' })
  @ApiEnvelope(PusherChannelDto)
  create(@Body() dto: SavePusherChannelDto, @CurrentUser() user: LoginUser): Promise<PusherChannelDto> {
    return this.channels.create(dto, user);
  }

  @Put('channel/:channelId')
  @RequirePermission('cms:pusher:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE, saveParams: false })
  @ApiOperation({ summary: 'Change a channel; secrets left empty keep their stored values' })
  @ApiEnvelope(PusherChannelDto)
  update(
    @Param('channelId', IdPipe) channelId: string,
    @Body() dto: SavePusherChannelDto,
    @CurrentUser() user: LoginUser,
  ): Promise<PusherChannelDto> {
    return this.channels.update(channelId, dto, user);
  }

  @Put('channel/:channelId/status')
  @RequirePermission('cms:pusher:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Enable or disable a channel' })
  @ApiEnvelope()
  async changeStatus(
    @Param('channelId', IdPipe) channelId: string,
    @Body() dto: ChangePusherStatusDto,
    @CurrentUser() user: LoginUser,
  ): Promise<void> {
    await this.channels.changeStatus(channelId, dto.enabled, user);
  }

  @Delete('channel/:channelIds')
  @RequirePermission('cms:pusher:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete channels by id (comma list); their log stays' })
  @ApiEnvelope()
  async remove(@Param('channelIds', IdListPipe) channelIds: string[]): Promise<void> {
    await this.channels.remove(channelIds);
  }

  @Post('channel/:channelId/test')
  @RequirePermission('cms:pusher:test')
  @OperLog({ title: TITLE, businessType: BusinessType.OTHER })
  @ApiOperation({ summary: 'Send a test message now (one attempt, logged); answers what the robot or mail server said' })
  @ApiEnvelope(PusherTestResultDto)
  test(@Param('channelId', IdPipe) channelId: string): Promise<PusherTestResultDto> {
    return this.deliveries.testSend(channelId);
  }
}
