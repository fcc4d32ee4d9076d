import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SystemModule } from '../system.module';
import { DictDataController } from './dict-data.controller';
import { DictDataService } from './dict-data.service';
import { DictTypeController } from './dict-type.controller';
import { DictTypeService } from './dict-type.service';
import './dict.messages';
import { SysDictData } from './sys-dict-data.entity';
import { SysDictType } from './sys-dict-type.entity';

/** Dictionaries (`/system/dict/type`, `/system/dict/data`); DictDataService checks values against them for other modules. */
@Module({
  imports: [TypeOrmModule.forFeature([SysDictType, SysDictData]), SystemModule],
  controllers: [DictTypeController, DictDataController],
  providers: [DictTypeService, DictDataService],
  exports: [DictTypeService, DictDataService],
})
export class DictModule {}
