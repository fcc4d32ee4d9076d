import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { SysRole } from '../role/sys-role.entity';
import { SystemModule } from '../system.module';
import { SysUser } from './sys-user.entity';
import { UserAdminService } from './user-admin.service';
import { UserController } from './user.controller';
import './user.messages';

/** Administration of staff accounts (`/system/user`). */
@Module({
  imports: [TypeOrmModule.forFeature([SysUser, SysRole]), SystemModule, AuthModule],
  controllers: [UserController],
  providers: [UserAdminService],
  exports: [UserAdminService],
})
export class UserModule {}
