import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PusherDeliveryService } from './pusher-delivery.service';
import { PusherController } from './pusher.controller';
import { PusherChannel, PusherDelivery } from './pusher.entity';
import './pusher.messages';
import { PusherService } from './pusher.service';

/**
 * The message pusher's core: channels, the event listeners that turn events into deliveries, and the delivery job.
 * No routes, so every process listens (events are emitted where they happen) and job-running ones deliver.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PusherChannel, PusherDelivery])],
  providers: [PusherService, PusherDeliveryService],
  exports: [PusherService, PusherDeliveryService],
})
export class PusherCoreModule {}

/** 消息推送配置 (`/cms/pusher/...`). */
@Module({
  imports: [PusherCoreModule],
  controllers: [PusherController],
})
export class PusherModule {}
