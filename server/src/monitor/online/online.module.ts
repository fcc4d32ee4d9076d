import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { OnlineController } from './online.controller';
import './online.messages';
import { OnlineService } from './online.service';

/** The online users screen (`/monitor/online`), over the sessions AuthModule keeps. */
@Module({
  imports: [AuthModule],
  controllers: [OnlineController],
  providers: [OnlineService],
})
export class OnlineModule {}
