import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/api';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let admin: string;
const http = api(() => t, { token: () => admin });

beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

describe('系统接口: the OpenAPI document for the console', () => {
  it('answers the same document as /docs-json, as data of the envelope', async () => {
    const res = await http.get('/tool/swagger/api-docs');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const doc = res.body.data;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('智文 API');
    expect(doc.paths['/prod-api/tool/swagger/api-docs'].get.tags).toEqual(['tool']);
    expect(doc.paths['/prod-api/monitor/cache/getKeys/{id}'].get.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    const open = await http.as(undefined).get('/docs-json');
    expect(Object.keys(doc.paths)).toEqual(Object.keys(open.body.paths));
  });

  it('needs tool:swagger:list', async () => {
    await createRole(t.app, 'apidocs', ['tool.swagger']);
    await createStaffUser(t.app, { userName: 'apidocs1', password: 'Apidocs123', roles: ['apidocs'] });
    await createStaffUser(t.app, { userName: 'noapidocs1', password: 'Noapidocs123' });
    expect((await http.as(await tokenOf(t.app, 'apidocs1', 'Apidocs123')).get('/tool/swagger/api-docs')).status).toBe(200);
    const refused = await http.as(await tokenOf(t.app, 'noapidocs1', 'Noapidocs123')).get('/tool/swagger/api-docs');
    expect(refused.status).toBe(403);
    expect((await http.as(undefined).get('/tool/swagger/api-docs')).status).toBe(401);
  });
});
