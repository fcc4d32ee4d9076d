import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** TypeORM options shared by the app, the migration CLI and the tests; entities are added by the modules. */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    // A database that does not answer (host gone) fails a request after 10 s, as a 503, instead of holding it.
    connectTimeoutMS: 10_000,
    extra: { max: 20, application_name: 'zhiwen' },
  };
}

/** A connection for migrations and seeds, outside of the Nest application. */
export function createDataSource(url: string): DataSource {
  return new DataSource(dataSourceOptions(url));
}
