import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../../test/harness.js';

describe.each(drivers())('app basics on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => server?.close());

  it('answers health', async () => {
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers userinfo for the admin', async () => {
    const res = await server.request('GET', '/api/userinfo', { token: server.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('admin');
    expect(res.body.domain).toBe('main');
  });
});
