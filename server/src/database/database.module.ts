import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source';

/** The connection string of the application database, for code that opens its own connections (check worker threads). */
export const DATABASE_URL = Symbol('DATABASE_URL');

/** The application's TypeORM connection; modules register their entities with TypeOrmModule.forFeature. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(url), autoLoadEntities: true })],
      providers: [{ provide: DATABASE_URL, useValue: url }],
      exports: [DATABASE_URL],
    };
  }
}
