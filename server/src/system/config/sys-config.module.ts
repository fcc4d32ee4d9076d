import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SysConfig } from './sys-config.entity';
import { SysConfigService } from './sys-config.service';
import './sys-config.messages';

/** System parameters read through the shared cache (SystemModule re-exports it); the HTTP API is SysConfigApiModule. */
@Module({ imports: [TypeOrmModule.forFeature([SysConfig])], providers: [SysConfigService], exports: [SysConfigService] })
export class SysConfigModule {}
