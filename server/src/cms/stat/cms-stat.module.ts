import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SysConfigModule } from '../../system/config/sys-config.module';
import { CmsContentModule } from '../content/cms-content.module';
import { CmsSiteModule } from '../site/cms-site.module';
import { CmsStatBeaconController, CmsStatController } from './cms-stat.controller';
import { CmsStatVisit } from './cms-stat.entity';
import './cms-stat.messages';
import { CmsStatRecorder } from './cms-stat-recorder.service';
import { CmsStatService } from './cms-stat.service';

/**
 * Site statistics (docs/cms.md "Site statistics"): the beacon of published pages (`/api/stat/...`), batched raw
 * visits, the daily roll-up task and the figures of 统计 > 网站统计 (`/cms/stat...`).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CmsStatVisit]), SysConfigModule, CmsSiteModule, CmsContentModule],
  providers: [CmsStatRecorder, CmsStatService],
  controllers: [CmsStatBeaconController, CmsStatController],
  exports: [CmsStatRecorder, CmsStatService],
})
export class CmsStatModule {}
