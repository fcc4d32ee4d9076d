import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IpAccessService } from './ip-access.service';
import { IpRuleController } from './ip-rule.controller';
import './ip-rule.messages';
import { IpRuleMiddleware } from './ip-rule.middleware';
import { IpRuleService } from './ip-rule.service';
import { SysIpRule } from './sys-ip-rule.entity';

/** IP rules (`/system/iprule`) and their enforcement on every API route but the health check. */
@Module({
  imports: [TypeOrmModule.forFeature([SysIpRule])],
  controllers: [IpRuleController],
  providers: [IpRuleService, IpAccessService, IpRuleMiddleware],
  exports: [IpRuleService, IpAccessService],
})
export class IpRuleModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Load balancers probe health from anywhere; it reveals nothing and must keep answering.
    consumer.apply(IpRuleMiddleware).exclude({ path: 'health', method: RequestMethod.GET }).forRoutes('{*path}');
  }
}
