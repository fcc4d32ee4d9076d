import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { LoginLogModule } from '../monitor/logininfor/login-log.module';
import { SystemModule } from '../system/system.module';
import { MemberAccountController, MemberAuthController } from './account/member-account.controller';
import { MemberAccountService } from './account/member-account.service';
import { MemberAuthService } from './account/member-auth.service';
import { MemberAdminController } from './admin/member-admin.controller';
import { MemberAdminService } from './admin/member-admin.service';
import { MemberExpConfigController, MemberExpLogController } from './exp/member-exp.controller';
import { MemberExpAdminService } from './exp/member-exp-admin.service';
import { MemberExpConfig } from './exp/member-exp-config.entity';
import { MemberExpLog } from './exp/member-exp-log.entity';
import { MemberExpModule } from './exp/member-exp.module';
import { MemberLevelConfig } from './level/member-level-config.entity';
import { MemberLevelController } from './level/member-level.controller';
import { MemberLevelService } from './level/member-level.service';
import { MemberUser } from './member-user.entity';
import './member.messages';
import { MemberService } from './member.service';
import { WechatClient } from './wechat/wechat-client';
import { WechatConfig } from './wechat/wechat-config.entity';
import { WechatConfigService } from './wechat/wechat-config.service';
import { WechatConfigController, WechatLoginController } from './wechat/wechat.controller';
import { WechatLoginService } from './wechat/wechat-login.service';
import './wechat/wechat.messages';

/**
 * Members of the public site, a realm apart from staff: registration, sign-in (password or WeChat QR), own account,
 * levels and experience; and their back-office screens. MemberExpService.grant is what other modules call to reward
 * an operation (a completed check order).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([MemberUser, MemberLevelConfig, MemberExpConfig, MemberExpLog, WechatConfig]),
    AuthModule,
    SystemModule,
    LoginLogModule,
    MemberExpModule,
  ],
  controllers: [
    MemberAuthController,
    MemberAccountController,
    WechatLoginController,
    MemberAdminController,
    MemberLevelController,
    MemberExpConfigController,
    MemberExpLogController,
    WechatConfigController,
  ],
  providers: [
    MemberService,
    MemberAuthService,
    MemberAccountService,
    MemberAdminService,
    MemberExpAdminService,
    MemberLevelService,
    WechatClient,
    WechatConfigService,
    WechatLoginService,
  ],
  exports: [MemberService, MemberExpModule],
})
export class MemberModule {}
