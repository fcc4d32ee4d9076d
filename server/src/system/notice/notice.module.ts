import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DictModule } from '../dict/dict.module';
import { NoticeController } from './notice.controller';
import './notice.messages';
import { NoticeService } from './notice.service';
import { SysNotice } from './sys-notice.entity';

/** Notices and announcements (`/system/notice`). */
@Module({
  imports: [TypeOrmModule.forFeature([SysNotice]), DictModule],
  controllers: [NoticeController],
  providers: [NoticeService],
  exports: [NoticeService],
})
export class NoticeModule {}
