import type { DynamicModule, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/common/config/app-config';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  /** The Node HTTP server, for supertest. */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  config: AppConfig;
  db: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  config?: Partial<AppConfig>;
  imports?: Array<Type<unknown> | DynamicModule>;
  /** Share a database with another app (two instances of one deployment). */
  db?: TestDatabase;
}

/** The real HTTP application on its own database, as main.ts builds it. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-test-data-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-000', ...options.env },
    {
      databaseUrl: db.url,
      web: { siteDist: path.join(dataDir, 'no-site'), adminDist: path.join(dataDir, 'no-admin') },
      ...options.config,
    },
  );
  const app = await createApp({ config, databaseUrl: db.url, imports: options.imports });
  await app.init();
  return {
    app,
    server: app.getHttpServer(),
    config,
    db,
    close: async () => {
      await app.close();
      if (!options.db) await db.drop();
    },
  };
}
