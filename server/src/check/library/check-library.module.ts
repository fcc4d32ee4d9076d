import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckDocument } from './check-document.entity';
import { CheckDocumentController } from './check-document.controller';
import { CheckDocumentService } from './check-document.service';
import { CheckIndexService } from './check-index.service';
import { CheckLibrary } from './check-library.entity';
import { CheckLibraryController } from './check-library.controller';
import './check-library.messages';
import { CheckLibraryService } from './check-library.service';

/**
 * Comparison libraries without HTTP: the services (including `CheckDocumentService.indexDocument` for the CMS hook
 * and the self library) and the indexing and rebuild jobs. Workers import it too, so they run those jobs.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CheckLibrary, CheckDocument])],
  providers: [CheckLibraryService, CheckDocumentService, CheckIndexService],
  exports: [CheckLibraryService, CheckDocumentService, CheckIndexService],
})
export class CheckLibraryCoreModule {}

/** Comparison libraries and their documents in the back office (`/check/library`, `/check/document`). */
@Module({
  imports: [CheckLibraryCoreModule],
  controllers: [CheckLibraryController, CheckDocumentController],
})
export class CheckLibraryModule {}
