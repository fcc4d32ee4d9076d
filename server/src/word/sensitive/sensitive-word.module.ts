import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SENSITIVE_WORD_SOURCE } from '../../ai/safety/sensitive-words';
import { SensitiveWordController } from './sensitive-word.controller';
import { CmsSensitiveWord } from './sensitive-word.entity';
import './sensitive-word.messages';
import { SensitiveWordService } from './sensitive-word.service';

/**
 * Sensitive words (`/word/sensitiveword`): the list, its import and export, and matching (`SensitiveWordService`),
 * which comments, content saves and the AI writing filter (`SENSITIVE_WORD_SOURCE`) use.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CmsSensitiveWord])],
  providers: [SensitiveWordService, { provide: SENSITIVE_WORD_SOURCE, useExisting: SensitiveWordService }],
  controllers: [SensitiveWordController],
  exports: [SensitiveWordService, SENSITIVE_WORD_SOURCE],
})
export class SensitiveWordModule {}
