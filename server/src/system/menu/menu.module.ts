import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SystemModule } from '../system.module';
import { MenuAdminService } from './menu-admin.service';
import { MenuController } from './menu.controller';
import './menu.messages';
import { SysMenu } from './sys-menu.entity';

/** Administration of menus and permissions (`/system/menu`). */
@Module({
  imports: [TypeOrmModule.forFeature([SysMenu]), SystemModule],
  controllers: [MenuController],
  providers: [MenuAdminService],
})
export class MenuModule {}
