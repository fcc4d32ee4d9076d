import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VoteApiController } from './vote-api.controller';
import { VoteController, VoteSubjectController } from './vote.controller';
import { Vote, VoteItem, VoteSubject } from './vote.entity';
import './vote.messages';
import { VoteService } from './vote.service';

/**
 * Votes and surveys (`/vote...` for staff, `/api/vote...` for page script of published sites; the page API's CORS is
 * common/http/page-api-cors.ts).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Vote, VoteSubject, VoteItem])],
  providers: [VoteService],
  controllers: [VoteController, VoteSubjectController, VoteApiController],
  exports: [VoteService],
})
export class VoteModule {}
