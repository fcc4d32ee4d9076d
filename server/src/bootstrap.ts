import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createApp } from './app.factory';
import { AppModule } from './app.module';
import { CmsDemoSiteService } from './cms/demo/cms-demo-site.service';
import { generateSecret, type AppConfig } from './common/config/app-config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './database/embedded-postgres';
import { prepareDatabase } from './database/prepare-database';

export interface RunningServer {
  app: INestApplicationContext;
  /** Base URL of the HTTP server; absent in a worker. */
  url?: string;
  databaseUrl: string;
  embedded?: EmbeddedPostgresHandle;
  /** Closes the application, then the embedded PostgreSQL. Safe to call twice. */
  stop(): Promise<void>;
}

/** Keeps generated secrets (JWT) in the data folder so sessions survive a restart. */
async function ensureJwtSecret(config: AppConfig): Promise<void> {
  if (config.jwtSecret) return;
  const file = path.join(config.dataDir, 'secrets.json');
  let secrets: { jwtSecret?: string };
  try {
    secrets = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    secrets = {};
  }
  if (!secrets.jwtSecret) {
    secrets.jwtSecret = generateSecret();
    await fs.writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  config.jwtSecret = secrets.jwtSecret;
}

/** Starts everything one process runs: embedded PostgreSQL when no DATABASE_URL, migrations, seeds, then API or worker. */
export async function startServer(config: AppConfig): Promise<RunningServer> {
  const log = pino({ level: config.logLevel, name: 'bootstrap' });
  await fs.mkdir(config.dataDir, { recursive: true });
  await ensureJwtSecret(config);

  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      database: 'zhiwen',
      // As root with a DATA_DIR the postgres user cannot enter, the cluster goes to /var/lib/zhiwen/<hash>/pg.
      relocateWhenUnreachable: true,
      log: (m) => log.debug({ pg: m }),
      notify: (level, m) => log[level](m),
      // Restarting the database did not work: exit non-zero so the supervisor (systemd, Docker, pm2) restarts all.
      onUnrecoverable: (err) => {
        console.error(`${err.message}. Exiting so that a supervisor restarts the product.`);
        process.exit(3);
      },
    });
    databaseUrl = embedded.url;
    log.info(`Embedded PostgreSQL ${embedded.created ? 'created' : 'reused'} in ${embedded.dir} (port ${config.embeddedPgPort})`);
  }

  let app: INestApplicationContext | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await app?.close();
    } finally {
      await embedded?.stop();
    }
  };

  try {
    await prepareDatabase(databaseUrl, {
      adminPassword: config.adminPassword,
      log: (m) => log.info(m),
      announce: (m) => console.log(`\n${'='.repeat(72)}\n${m}\n${'='.repeat(72)}\n`),
    });
    if (config.workerOnly) {
      app = await NestFactory.createApplicationContext(AppModule.forRoot({ config, databaseUrl, http: false }), { bufferLogs: true });
      await app.init();
      return { app, databaseUrl, embedded, stop };
    }
    const http = await createApp({ config, databaseUrl });
    app = http;
    await http.listen(config.port, config.host);
    // A new install shows a working CMS: the demo site, only in the embedded database this start created.
    if (embedded?.created && config.demoSite) {
      await http
        .get(CmsDemoSiteService)
        .seed()
        .catch((err: Error) => log.warn(`The demo site was not made: ${err.message}`));
    }
    const address = http.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return { app, url: `http://127.0.0.1:${port}`, databaseUrl, embedded, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}
