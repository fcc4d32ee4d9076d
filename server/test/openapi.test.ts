import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConventionsFixtureModule } from './fixtures/conventions.fixture';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ imports: [ConventionsFixtureModule] });
});
afterAll(() => t?.close());

describe('OpenAPI document', () => {
  it('is an OpenAPI 3 document at /prod-api/docs-json, open to everyone', async () => {
    const res = await request(t.server).get('/prod-api/docs-json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.info.title).toBe('智文 API');
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes the health route with its envelope and DTO', async () => {
    const doc = (await request(t.server).get('/prod-api/docs-json')).body;
    const schema = doc.paths['/prod-api/health'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.code.type).toBe('integer');
    expect(schema.properties.data.$ref).toBe('#/components/schemas/HealthReportDto');
    expect(doc.components.schemas.HealthReportDto.properties.components).toBeDefined();
  });

  it('documents the export twin of every exportable list', async () => {
    const doc = (await request(t.server).get('/prod-api/docs-json')).body;
    const list = doc.paths['/prod-api/fixture/items/list'];
    expect(list.get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['pageNum', 'pageSize', 'orderByColumn', 'isAsc']),
    );
    expect(list.post.parameters[0]).toMatchObject({ name: 'cc-export', in: 'header', required: true });
    expect(Object.keys(list.post.responses['200'].content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  });

  it('serves the interactive UI at /prod-api/docs', async () => {
    const res = await request(t.server).get('/prod-api/docs/').redirects(1);
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});
