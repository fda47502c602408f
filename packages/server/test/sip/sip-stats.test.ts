import { describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { unique } from '../resources/helpers.js';

const SECRET = 'sip-stats-test-secret';

type Times = { count: number; totalMs: number; buckets: number[] };
type Stats = { boundsMs: number[]; credentials: Times; route: Times; events: Times };

/**
 * GET /api/telephony/sip/stats: the times this node took to answer the SIP server, by kind, for
 * the SIP server's secret only (the bench reads the difference of two snapshots).
 */
describe.each(drivers())('SIP answer times on %s', (driver) => {
  const s = useTestServer(driver, { config: { telephonySecret: SECRET } });
  const headers = { 'x-telephony-secret': SECRET };
  const stats = async () => {
    const res = await s.request('GET', '/api/telephony/sip/stats', { headers });
    expect(res.status).toBe(200);
    return res.body as Stats;
  };

  it('counts each credentials and route answer, known account or not, in one bucket', async () => {
    const account = unique('stats');
    const created = await s.request('POST', '/api/devices', {
      token: s.adminToken,
      body: { name: account, account, password: 'pw-stats-1' },
    });
    expect(created.status).toBe(201);
    const before = await stats();
    const known = await s.request('POST', '/api/telephony/sip/credentials', {
      headers,
      body: { realm: s.domain, account },
    });
    expect(known.status).toBe(200);
    const unknown = await s.request('POST', '/api/telephony/sip/credentials', {
      headers,
      body: { realm: s.domain, account: `${account}-none` },
    });
    expect(unknown.status).toBe(404);
    const route = await s.request('POST', '/api/telephony/sip/route', {
      headers,
      body: { realm: s.domain, caller: account, destination: '5550100', callId: 'stats' },
    });
    expect(route.status).toBe(200);
    const after = await stats();
    const sum = (t: Times) => t.buckets.reduce((a, b) => a + b, 0);
    expect(after.credentials.count - before.credentials.count).toBe(2);
    expect(sum(after.credentials) - sum(before.credentials)).toBe(2);
    expect(after.route.count - before.route.count).toBe(1);
    expect(sum(after.route) - sum(before.route)).toBe(1);
    expect(after.route.totalMs).toBeGreaterThan(before.route.totalMs);
    expect(after.events.count).toBe(before.events.count);
    expect(after.credentials.buckets).toHaveLength(after.boundsMs.length + 1);
  });

  it('answers nobody without the secret', async () => {
    const res = await s.request('GET', '/api/telephony/sip/stats', { headers: { 'x-telephony-secret': 'wrong' } });
    expect(res.status).toBe(401);
    expect(res.body.credentials).toBeUndefined();
    const token = await s.request('GET', '/api/telephony/sip/stats', { token: s.adminToken });
    expect(token.status).toBe(401);
  });
});
