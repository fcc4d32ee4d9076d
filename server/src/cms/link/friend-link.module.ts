import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CmsPublishCoreModule } from '../publish/cms-publish.module';
import { CmsResourceModule } from '../resource/cms-resource.module';
import { FriendLinkController, FriendLinkGroupController } from './friend-link.controller';
import { FriendLink, FriendLinkGroup } from './friend-link.entity';
import './friend-link.messages';
import { FriendLinkService } from './friend-link.service';

/**
 * Friend links without HTTP: the service registers the `link_list` template tag when loaded, so this module is loaded
 * wherever pages are rendered (workers too: app.module's JOB_MODULES).
 */
@Module({
  imports: [TypeOrmModule.forFeature([FriendLinkGroup, FriendLink]), CmsPublishCoreModule],
  providers: [FriendLinkService],
  exports: [FriendLinkService],
})
export class FriendLinkCoreModule {}

/** Friend links (互动 > 友情链接): `/cms/link_group`, `/cms/link`, as ChestnutCMS. */
@Module({
  imports: [FriendLinkCoreModule, CmsResourceModule],
  controllers: [FriendLinkGroupController, FriendLinkController],
})
export class FriendLinkModule {}
