import { Global, Module, type DynamicModule } from '@nestjs/common';
import { QUEUE_DATABASE_URL, QueueService } from './queue.service';

@Global()
@Module({})
export class QueueModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: QueueModule,
      providers: [{ provide: QUEUE_DATABASE_URL, useValue: databaseUrl }, QueueService],
      exports: [QueueService],
    };
  }
}
