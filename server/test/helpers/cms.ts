import { DataSource } from 'typeorm';
import { FILE_STORAGE, type FileStorage } from '../../src/storage/storage';
import { tokenOf } from './staff';
import { startTestApp, type TestApp } from './test-app';

/** A test app set up for CMS tests: two sites and the admin's token. */
export interface CmsTestApp {
  t: TestApp;
  ds: DataSource;
  /** Token of the seeded admin. */
  admin: string;
  /** The site `Main` (path `<prefix>main`, sort 0). */
  siteId: string;
  /** The site `Other` (path `<prefix>other`, sort 1). */
  otherSiteId: string;
  storage: FileStorage;
}

/** Adds a CMS site row straight in the database; returns its id. */
export async function createCmsSite(ds: DataSource, name: string, path: string, sort = 0): Promise<string> {
  const [{ site_id }] = await ds.query(`INSERT INTO cms_site (name, path, sort) VALUES ($1, $2, $3) RETURNING site_id`, [name, path, sort]);
  return String(site_id);
}

/** Adds publish pipes (name, code) to a site, in the given order. */
export async function addPublishPipes(ds: DataSource, siteId: string, ...pipes: Array<[name: string, code: string]>): Promise<void> {
  const values = pipes.map((_, i) => `($1, $${2 * i + 2}, $${2 * i + 3})`).join(', ');
  await ds.query(`INSERT INTO cms_publish_pipe (site_id, name, code) VALUES ${values}`, [siteId, ...pipes.flat()]);
}

/**
 * Starts the app on its own database with two sites, `Main` and `Other`, whose folder names start with
 * `pathPrefix` (site paths are unique, so each test file gives its own).
 */
export async function startCmsTestApp(pathPrefix: string): Promise<CmsTestApp> {
  const t = await startTestApp();
  const ds = t.app.get(DataSource);
  const admin = await tokenOf(t.app);
  const siteId = await createCmsSite(ds, 'Main', `${pathPrefix}main`, 0);
  const otherSiteId = await createCmsSite(ds, 'Other', `${pathPrefix}other`, 1);
  return { t, ds, admin, siteId, otherSiteId, storage: t.app.get<FileStorage>(FILE_STORAGE) };
}
