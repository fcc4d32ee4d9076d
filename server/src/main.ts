import 'reflect-metadata';
import { ConfigError, loadConfig } from './common/config/app-config';
import { startServer, type RunningServer } from './bootstrap';

/** Entry point: `node dist/main.js` (API, plus jobs unless JOBS_IN_API=false), or with WORKER=1 a worker only. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  let server: RunningServer | undefined;
  let exiting = false;
  const shutdown = async (signal: string) => {
    if (exiting) return;
    exiting = true;
    console.log(`${signal} received, shutting down...`);
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    try {
      await server?.stop();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  server = await startServer(config);
  if (server.url) {
    const port = new URL(server.url).port;
    console.log(
      [
        '',
        '  智文 is running',
        `  Site:      http://localhost:${port}/`,
        `  Admin:     http://localhost:${port}/admin/`,
        `  API docs:  http://localhost:${port}/prod-api/docs`,
        `  Health:    http://localhost:${port}/prod-api/health`,
        `  Database:  ${server.embedded ? `embedded PostgreSQL in ${server.embedded.dir}` : 'DATABASE_URL'}`,
        '',
      ].join('\n'),
    );
  } else {
    console.log('智文 worker is running (background jobs only)');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
