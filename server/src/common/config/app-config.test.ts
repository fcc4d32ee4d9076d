import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('runs on the embedded default with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve(__dirname, '../../../../data'));
    expect(config.storage).toMatchObject({ driver: 'local', localDir: path.join(config.dataDir, 'uploads') });
    expect(config.captchaEnabled).toBeUndefined();
    expect(config.workerOnly).toBe(false);
    expect(config.runJobs).toBe(true);
    expect(config.checkWarmThread).toBe(true);
    expect(config.jwtSecretGenerated).toBe(true);
  });

  it('reads and converts every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/zw',
      DATABASE_URL: 'postgres://u:p@db:5432/zw',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_PASSWORD: 'Admin#2026',
      CAPTCHA_ENABLED: 'false',
      WORKER: '1',
      RATE_LIMIT_PER_MINUTE: '30',
      CHECK_THREADS: '0',
      CHECK_WARM_THREAD: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/zw',
      databaseUrl: 'postgres://u:p@db:5432/zw',
      redisUrl: 'redis://cache:6379',
      jwtSecretGenerated: false,
      adminPassword: 'Admin#2026',
      captchaEnabled: false,
      workerOnly: true,
      runJobs: true,
      rateLimitPerMinute: 30,
      checkThreads: 0,
      checkWarmThread: false,
    });
  });

  it('treats a variable set to an empty string as unset', () => {
    const config = loadConfig({ DATA_DIR: '', PORT: '', DATABASE_URL: '', JWT_SECRET: '' });
    expect(config.dataDir).toBe(path.resolve(__dirname, '../../../../data'));
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecretGenerated).toBe(true);
  });

  it('lets the API process leave jobs to workers', () => {
    expect(loadConfig({ JOBS_IN_API: 'false' }).runJobs).toBe(false);
  });

  it('rejects bad values and names each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY/);
  });
});
