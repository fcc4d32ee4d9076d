import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ErrorProneWordController } from './errorproneword/error-prone-word.controller';
import { ErrorProneWord } from './errorproneword/error-prone-word.entity';
import { ErrorProneWordService } from './errorproneword/error-prone-word.service';
import { HotWordController, HotWordGroupController } from './hotword/hot-word.controller';
import { HotWord, HotWordGroup } from './hotword/hot-word.entity';
import { HotWordService } from './hotword/hot-word.service';
import { TagWordController, TagWordGroupController } from './tagword/tag-word.controller';
import { TagWord, TagWordGroup } from './tagword/tag-word.entity';
import { TagWordService } from './tagword/tag-word.service';
import './word.messages';

/**
 * The CMS words' services without HTTP: publishing (workers too) links hot words through `HotWordService.linkerFor`,
 * content can count tag word uses through `TagWordService`, checks can read error-prone words.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TagWordGroup, TagWord, HotWordGroup, HotWord, ErrorProneWord])],
  providers: [TagWordService, HotWordService, ErrorProneWordService],
  exports: [TagWordService, HotWordService, ErrorProneWordService],
})
export class WordCoreModule {}

/** CMS words (词汇): `/word/tagword...`, `/word/hotword...`, `/word/errorproneword...`, as ChestnutCMS. */
@Module({
  imports: [WordCoreModule],
  controllers: [TagWordGroupController, TagWordController, HotWordGroupController, HotWordController, ErrorProneWordController],
})
export class WordModule {}
