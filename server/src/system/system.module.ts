import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SysConfigModule } from './config/sys-config.module';
import { SysDept } from './dept/sys-dept.entity';
import { I18nDict } from './i18n/i18n-dict.entity';
import { I18nDictService } from './i18n/i18n-dict.service';
import { MenuService } from './menu/menu.service';
import { ObjectPermissionService } from './permission/object-permission.service';
import { SysMenu } from './menu/sys-menu.entity';
import { AccessService } from './role/access.service';
import { DataScopeService } from './role/data-scope.service';
import { SysRole } from './role/sys-role.entity';
import { SecurityConfig } from './security/security-config.entity';
import { SecurityPolicyService } from './security/security-policy.service';
import { SysUser } from './user/sys-user.entity';
import { UserService } from './user/user.service';

const SERVICES = [UserService, MenuService, I18nDictService, SecurityPolicyService, DataScopeService, AccessService, ObjectPermissionService];

/** System administration: the entities and services identity builds on. */
@Module({
  imports: [TypeOrmModule.forFeature([SysUser, SysRole, SysMenu, SysDept, SecurityConfig, I18nDict]), SysConfigModule],
  providers: SERVICES,
  exports: [...SERVICES, SysConfigModule],
})
export class SystemModule {}
