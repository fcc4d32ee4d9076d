import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VoteApiController } from './vote-api.controller';
import { VoteCorsMiddleware } from './vote-cors.middleware';
import { VoteController, VoteSubjectController } from './vote.controller';
import { Vote, VoteItem, VoteSubject } from './vote.entity';
import './vote.messages';
import { VoteService } from './vote.service';

/** Votes and surveys (`/vote...` for staff, `/api/vote...` for page script of published sites). */
@Module({
  imports: [TypeOrmModule.forFeature([Vote, VoteSubject, VoteItem])],
  providers: [VoteService],
  controllers: [VoteController, VoteSubjectController, VoteApiController],
  exports: [VoteService],
})
export class VoteModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(VoteCorsMiddleware)
      .forRoutes({ path: 'api/vote', method: RequestMethod.ALL }, { path: 'api/vote/{*path}', method: RequestMethod.ALL });
  }
}
