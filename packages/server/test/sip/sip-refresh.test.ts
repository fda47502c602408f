import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { unique } from '../resources/helpers.js';

const SECRET = 'sip-refresh-test-secret';

/**
 * Registration refreshes the SIP server reports (telephony/sip-routes.ts): a registration from the
 * contact last applied for the account, within the refresh window, is answered without database
 * work; a new contact, or any registration after another event of the account, is applied in full.
 */
describe.each(drivers())('SIP registration refreshes on %s', (driver) => {
  const s = useTestServer(driver, { config: { telephonySecret: SECRET } });
  let device: { id: number; account: string };
  const post = async (events: unknown[]) => {
    const res = await s.request('POST', '/api/telephony/sip/events', {
      body: events,
      headers: { 'x-telephony-secret': SECRET },
    });
    expect(res.status).toBe(200);
    return res.body.codes as number[];
  };
  const phone = (type: string, port: number, expires = 600) => ({
    type,
    realm: s.domain,
    account: device.account,
    contact: `sip:${device.account}@127.0.0.9:${port}`,
    ip: '127.0.0.9',
    port,
    transport: 'udp',
    expires,
  });
  const state = async () => (await s.request('GET', `/api/devices/${device.id}`, { token: s.adminToken })).body.state;
  /** Sets the presence behind the API's back: only a registration applied in full sets it again. */
  const forceNonreg = () => s.ctx.db.execute(sql`update devices set state = 0 where id = ${device.id}`);
  const history = async () =>
    (await s.request('GET', `/api/devices/${device.id}/registrations`, { token: s.adminToken })).body.items.map(
      (i: { event: string; port: number }) => `${i.event}:${i.port}`,
    );

  beforeAll(async () => {
    const account = unique('refresh');
    const res = await s.request('POST', '/api/devices', {
      token: s.adminToken,
      body: { name: account, account, password: 'pw-refresh-1' },
    });
    expect(res.status).toBe(201);
    device = res.body;
  });

  it('answers a refresh from the same contact without applying it, and applies a new contact', async () => {
    expect(await post([phone('registered', 5070)])).toEqual([200]);
    expect(await state()).toBe(1);
    await forceNonreg();
    expect(await post([phone('registered', 5070)])).toEqual([200]);
    expect(await state()).toBe(0);
    expect(await post([phone('registered', 5072)])).toEqual([200]);
    expect(await state()).toBe(1);
    expect(await history()).toEqual(['registered:5072', 'registered:5070']);
  });

  it('applies a registration in full after another event of the account', async () => {
    expect(await post([phone('registered', 5074)])).toEqual([200]);
    expect(await post([phone('unregistered', 5074, 0)])).toEqual([200]);
    expect(await state()).toBe(0);
    expect(await post([phone('registered', 5074)])).toEqual([200]);
    expect(await state()).toBe(1);
    await post([{ type: 'call', realm: s.domain, account: device.account, state: 'reged' }]);
    await forceNonreg();
    expect(await post([phone('registered', 5074)])).toEqual([200]);
    expect(await state()).toBe(1);
  });

  it('applies a refresh in full when the location written last ends within the window', async () => {
    expect(await post([phone('registered', 5076, 45)])).toEqual([200]);
    await forceNonreg();
    expect(await post([phone('registered', 5076, 45)])).toEqual([200]);
    expect(await state()).toBe(1);
  });
});
