import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsPageWidgetModule } from '../pagewidget';
import { CmsStatModule } from '../stat/cms-stat.module';
import { AdSpaceWidgetType } from './ad-space-type';
import { CmsAdApiController, CmsAdSpaceController, CmsAdStatController, CmsAdvertisementController } from './cms-ad.controller';
import './cms-ad.messages';
import { CmsAdSpaceService } from './cms-ad-space.service';
import { CmsAdStatService } from './cms-ad-stat.service';
import { CmsAdTrackService } from './cms-ad-track.service';
import { CmsAdvertisement } from './cms-advertisement.entity';
import { CmsAdvertisementService } from './cms-advertisement.service';

/**
 * Ads (docs/cms.md "Ads and ad statistics"): ad spaces (page widgets of type `ads`, `/cms/adspace`), their adverts
 * (`/cms/advertisement`), the scheduler of online and offline dates, the public click redirect and beacons
 * (`/api/adv/...`, counted as site statistics events) and 统计 > 广告统计 (`/cms/ad/stat...`).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CmsAdvertisement]), CmsPageWidgetModule, CmsStatModule],
  providers: [CmsAdvertisementService, AdSpaceWidgetType, CmsAdSpaceService, CmsAdTrackService, CmsAdStatService],
  controllers: [CmsAdSpaceController, CmsAdvertisementController, CmsAdStatController, CmsAdApiController],
  exports: [CmsAdvertisementService, CmsAdSpaceService],
})
export class CmsAdModule {}
