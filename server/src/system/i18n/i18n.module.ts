import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { I18nDictController } from './i18n-dict.controller';
import { I18nDict } from './i18n-dict.entity';
import { I18nEntryService } from './i18n-entry.service';
import './i18n.messages';

/** Staff-edited translations (`/system/i18n/dict`) and the server-message overrides they provide. */
@Module({
  imports: [TypeOrmModule.forFeature([I18nDict])],
  controllers: [I18nDictController],
  providers: [I18nEntryService],
  exports: [I18nEntryService],
})
export class I18nModule {}
