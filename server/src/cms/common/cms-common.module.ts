import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SystemModule } from '../../system/system.module';
import { CmsSite } from '../site/cms-site.entity';
import { CmsAccessService } from './cms-access.service';
import './cms-common.messages';
import { CurrentSiteService } from './current-site.service';

/** What every CMS module uses: per-object permission checks and the current site of a request. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([CmsSite]), SystemModule],
  providers: [CmsAccessService, CurrentSiteService],
  exports: [CmsAccessService, CurrentSiteService],
})
export class CmsCommonModule {}
