import { Client } from 'minio';
import { buffer as readAll } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk } from '../../../test/helpers/api';
import { siteFactory, staffUserFactory } from '../../../test/helpers/factories';
import { startS3rver, type LocalS3 } from '../../../test/helpers/s3rver';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { clientOptions } from '../../storage/s3-storage';
import { resourceUrl } from '../publish/publish-paths';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { CmsSiteStorageService } from './cms-site-storage.service';

let t: TestApp;
let s3: LocalS3;
let admin: string;
let site: { siteId: string; path: string };
const http = api(() => t, { token: () => admin, base: '/prod-api/cms/site/storage' });
const local = () => t.app.get<FileStorage>(FILE_STORAGE);
const bucketConfig = (bucket: string) => ({ endpoint: s3.endpoint, region: 'us-east-1', bucket, accessKey: 'S3RVER', secretKey: 'S3RVER' });
const objectsIn = async (bucket: string) => {
  const client = new Client(clientOptions(bucketConfig(bucket)));
  const names: string[] = [];
  for await (const item of client.listObjectsV2(bucket, '', true)) if (item.name) names.push(item.name);
  return names.sort();
};

beforeAll(async () => {
  [t, s3] = await Promise.all([startTestApp(), startS3rver()]);
  admin = await tokenOf(t.app);
  site = await siteFactory({ target: () => t, token: () => admin });
  // Two resources of the site as uploads leave them, and a published page that must stay where it is.
  await local().put(`site/${site.path}/resources/202611/aaaa.png`, Buffer.from('png bytes'));
  await local().put(`site/${site.path}/resources/202611/bbbb.pdf`, Buffer.from('pdf bytes'));
  await local().put(`site/${site.path}/pc/index.html`, Buffer.from('<p>home</p>'));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('site storage', () => {
  it('starts on the product storage and says how many resource files it holds', async () => {
    const view = expectOk(await http.get(`/${site.siteId}`));
    expect(view).toMatchObject({ driver: 'default', secretKeySet: false, fileCount: 2, resourceBase: `/site/${site.path}/` });
  });

  it('refuses a bucket it cannot reach, and one without a public URL, changing nothing', async () => {
    const unreachable = await http.put(`/${site.siteId}`, {
      driver: 's3',
      endpoint: 'http://127.0.0.1:9',
      bucket: 'site-res',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      publicUrl: 'https://cdn.example.com',
    });
    expectError(unreachable, 400, { 'zh-CN': expect.stringMatching(/^无法连接存储服务或访问存储桶（.+），站点存储未更改$/) });
    const noUrl = await http
      .lang('en')
      .put(`/${site.siteId}`, { driver: 's3', endpoint: s3.endpoint, bucket: 'site-res', accessKey: 'S3RVER', secretKey: 'S3RVER' });
    expectError(noUrl, 400, { en: expect.stringContaining('S3 storage needs the bucket’s public URL') });
    const badBucket = await http.put(`/${site.siteId}`, {
      driver: 's3',
      endpoint: s3.endpoint,
      bucket: 'Bad_Bucket',
      accessKey: 'S3RVER',
      secretKey: 'x',
    });
    expect(badBucket.status).toBe(400);
    expectMessage(badBucket, 'zh-CN', expect.stringContaining('存储桶名称须为 3 到 63 个小写字母'));
    expect(expectOk(await http.get(`/${site.siteId}`))).toMatchObject({ driver: 'default', fileCount: 2 });
  });

  it('moves the resources to the site’s bucket, keeps the previous files, and never answers the secret', async () => {
    const res = await http.put(`/${site.siteId}`, {
      driver: 's3',
      endpoint: s3.endpoint,
      bucket: 'site-res',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      publicUrl: 'https://cdn.example.com/',
    });
    expect(expectOk(res)).toEqual({ copied: 2, bytes: 18, keptInPrevious: 2 });
    expect(res.body.msg).toBe('已切换存储：复制了 2 个文件到新存储，原存储中的 2 个文件保留未删除');
    expect(await objectsIn('site-res')).toEqual([`site/${site.path}/resources/202611/aaaa.png`, `site/${site.path}/resources/202611/bbbb.pdf`]);
    // Nothing deleted from the product storage; the published page did not move.
    expect(await local().list(`site/${site.path}`)).toEqual([
      `site/${site.path}/pc/index.html`,
      `site/${site.path}/resources/202611/aaaa.png`,
      `site/${site.path}/resources/202611/bbbb.pdf`,
    ]);

    const view = await http.get(`/${site.siteId}`);
    expect(expectOk(view)).toMatchObject({
      driver: 's3',
      endpoint: s3.endpoint,
      bucket: 'site-res',
      accessKey: 'S3RVER',
      secretKeySet: true,
      publicUrl: 'https://cdn.example.com',
      resourceBase: `https://cdn.example.com/site/${site.path}/`,
      fileCount: 2,
    });
    expect(JSON.stringify(view.body)).not.toContain('secretKeySealed');
    // Nor does the site itself carry the sealed secret.
    const siteView = await api(() => t, { token: () => admin }).get(`/cms/site/${site.siteId}`);
    expect(JSON.stringify(siteView.body)).not.toContain('storage');

    // New uploads go to the bucket, and their URL is the bucket's public URL, in the library and in published pages.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const library = api(() => t, { token: () => admin, base: '/prod-api/cms/resource', headers: { CurrentSite: site.siteId } });
    const [uploaded] = expectOk(await library.upload('/upload', { data: png, name: 'green.png' })) as Array<{ path: string; src: string }>;
    expect(uploaded.src).toBe(`https://cdn.example.com/site/${site.path}/${uploaded.path}`);
    expect(await objectsIn('site-res')).toContain(`site/${site.path}/${uploaded.path}`);
    expect(await local().get(`site/${site.path}/${uploaded.path}`)).toBeNull();
    const siteRow = { siteId: site.siteId, path: site.path, staticSuffix: 'html', publishPipeProps: {}, resourceUrl: '' };
    expect(resourceUrl({ ...siteRow, resourceBucketUrl: 'https://cdn.example.com' }, uploaded.path)).toBe(uploaded.src);
    expect(resourceUrl({ ...siteRow, resourceUrl: 'https://res.example.com', resourceBucketUrl: 'https://cdn.example.com' }, uploaded.path)).toBe(
      `https://res.example.com/${uploaded.path}`,
    );
    const driver = await t.app.get(CmsSiteStorageService).driverFor(site);
    await driver.put(`site/${site.path}/resources/202611/cccc.jpg`, Buffer.from('jpg'));
    expect(await objectsIn('site-res')).toContain(`site/${site.path}/resources/202611/cccc.jpg`);
  });

  it('keeps the stored secret when the same account is saved without one, and moves back on request', async () => {
    const same = await http.put(`/${site.siteId}`, {
      driver: 's3',
      endpoint: s3.endpoint,
      bucket: 'site-res',
      accessKey: 'S3RVER',
      publicUrl: 'https://cdn2.example.com',
    });
    expect(expectOk(same)).toEqual({ copied: 0, bytes: 0, keptInPrevious: 0 });
    expect(expectOk(await http.get(`/${site.siteId}`))).toMatchObject({ publicUrl: 'https://cdn2.example.com', secretKeySet: true });

    const otherAccount = await http.put(`/${site.siteId}`, {
      driver: 's3',
      endpoint: s3.endpoint,
      bucket: 'site-res',
      accessKey: 'OTHER',
      publicUrl: 'https://x.example',
    });
    expectError(otherAccount, 400, { 'zh-CN': '请填写访问密钥（SecretKey），最多 256 个字符' });

    // Back to the product storage: only the files uploaded to the bucket meanwhile need copying.
    const back = await http.put(`/${site.siteId}`, { driver: 'default' });
    expect(expectOk(back)).toMatchObject({ copied: 2, keptInPrevious: 4 });
    const copied = await local().get(`site/${site.path}/resources/202611/cccc.jpg`);
    expect((await readAll(copied!)).toString()).toBe('jpg');
    expect(expectOk(await http.get(`/${site.siteId}`))).toMatchObject({ driver: 'default', secretKeySet: false, fileCount: 4 });
  });

  it('is for administrators: the seeded editor role may not see or change it', async () => {
    const editor = await staffUserFactory(t, { roles: ['editor'] });
    expect((await http.as(editor.token).get(`/${site.siteId}`)).status).toBe(403);
    expect((await http.as(editor.token).put(`/${site.siteId}`, { driver: 'default' })).status).toBe(403);
  });
});
