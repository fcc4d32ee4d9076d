import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { DeptModule } from '../dept/dept.module';
import { SystemModule } from '../system.module';
import { SysUser } from '../user/sys-user.entity';
import { RoleController } from './role.controller';
import './role.messages';
import { RoleService } from './role.service';
import { SysRole } from './sys-role.entity';

/** Administration of roles (`/system/role`). */
@Module({
  imports: [TypeOrmModule.forFeature([SysRole, SysUser]), SystemModule, AuthModule, DeptModule],
  controllers: [RoleController],
  providers: [RoleService],
})
export class RoleModule {}
