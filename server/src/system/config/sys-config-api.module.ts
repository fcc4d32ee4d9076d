import { Module } from '@nestjs/common';
import { SysConfigController } from './sys-config.controller';
import { SysConfigModule } from './sys-config.module';
import './sys-config.messages';

/** Administration of system parameters (`/system/config`); the service itself lives in SysConfigModule. */
@Module({ imports: [SysConfigModule], controllers: [SysConfigController] })
export class SysConfigApiModule {}
