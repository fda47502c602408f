import { describe, expect, it } from 'vitest';
import { drivers, startTestServer, useTestServer } from '../../test/harness.js';

const errorShape = {
  id: expect.any(String),
  code: expect.any(Number),
  status: expect.any(String),
  detail: expect.any(String),
};

describe.each(drivers())('error answers and public routes on %s', (driver) => {
  const server = useTestServer(driver);

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await server.request('POST', '/api/login', { body: '{"username": "admin", ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ...errorShape, code: 400 });
    expect(res.body.id).toMatch(/^app\./);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a wrong content type and a wrong JSON type without a 500', async () => {
    const text = await server.request('POST', '/api/login', {
      body: 'username=admin',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(text.body).toMatchObject(errorShape);
    const array = await server.request('POST', '/api/login', { body: [1, 2] });
    expect(array.status).toBe(400);
    expect(array.body).toMatchObject({ ...errorShape, id: 'app.login.validation' });
  });

  it('answers 400, not 500, to a text too long for its search index', async () => {
    // Random letters do not compress, so the indexed lower(name) row outgrows a btree page.
    const name = Array.from({ length: 20000 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const res = await server.request('POST', '/api/users', {
      token: server.adminToken,
      body: { username: 'long-name', password: 'Long-name-1', name },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ...errorShape, id: 'app.users.too_long', code: 400 });
  });

  it('answers an unknown /api path with 404 in the error shape, signed in or not', async () => {
    for (const token of [undefined, server.adminToken]) {
      const res = await server.request('GET', '/api/no/such/thing', { token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ ...errorShape, id: 'app.not_found', code: 404, status: 'Not Found' });
    }
    const del = await server.request('DELETE', '/api/nothing/here');
    expect(del.status).toBe(404);
    expect(del.body.id).toBe('app.not_found');
  });

  it('answers health while the database answers', async () => {
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', listener: driver === 'postgres' ? 'up' : 'embedded' });
  });

  it('answers 503 on health once the database is gone', async () => {
    const other = await startTestServer({ driver });
    try {
      await other.database.close();
      const res = await other.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ id: 'app.health.database_unreachable', code: 503 });
    } finally {
      await other.close();
    }
  });

  it('serves /config.json with the API base and the hub links', async () => {
    const res = await server.request('GET', '/config.json');
    expect(res.status).toBe(200);
    expect(res.body.apiBase).toBe('/api');
    // Unset application URLs are left out (the hub shows those disabled), never guessed.
    expect(res.body.apps).toEqual({ admin: '/start' });
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await server.request('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/userinfo']));
    const docs = await server.request('GET', '/api/docs');
    expect(docs.status).toBe(200);
  });

  it('serves the console for other paths', async () => {
    const res = await server.request('GET', '/directory/users');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});
