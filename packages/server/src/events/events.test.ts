import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drivers, useTestServer } from '../../test/harness.js';
import { makeActor, setRbac } from '../../test/resources/helpers.js';
import { openEvents } from '../../test/sse.js';
import { HttpError } from '../core/errors.js';
import { publish } from './hub.js';
import { registerTelephonyEvent } from './telephony.js';

// A test event type: it publishes its id on the devices topic, or refuses an id of 0.
registerTelephonyEvent(
  'test.echo',
  z.object({ id: z.number().int().min(0), note: z.string().default('') }),
  async (_tx, e) => {
    if (e.id === 0)
      throw new HttpError(404, 'app.test.not_found', 'No record 0', [{ field: 'id', message: 'No record 0' }]);
    return {
      result: { echoed: e.id, note: e.note },
      publish: [{ topic: 'devices', data: { id: e.id, state: 'echo' } }],
    };
  },
);

describe.each(drivers())('live events on %s', (driver) => {
  const s = useTestServer(driver);
  let phone: string;
  beforeAll(async () => {
    phone = (await makeActor(s, s.adminToken, { permissions: ['telephonyEvents'] })).token;
  });

  const post = (body: unknown, token = phone) => s.request('POST', '/api/telephony/events', { token, body });

  it('ends an open stream as soon as its token is revoked, not at the next heartbeat', async () => {
    const session = await s.login('admin', s.adminPassword);
    const stream = await openEvents(s.url, session, 'devices');
    expect(stream.status).toBe(200);
    const started = Date.now();
    expect((await s.request('POST', '/api/logout', { token: session })).status).toBe(204);
    await stream.ended;
    // The heartbeat is 25 s away: only the revocation itself can have ended it this soon.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps the streams one token holds open to the setting', async () => {
    const token = await s.login('admin', s.adminPassword);
    const open = [];
    for (let i = 0; i < s.ctx.config.eventStreamsPerToken; i++) {
      const stream = await openEvents(s.url, token, 'devices');
      expect(stream.status).toBe(200);
      open.push(stream);
    }
    const refused = await openEvents(s.url, token, 'devices');
    expect(refused.status).toBe(429);
    open[0].close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await openEvents(s.url, token, 'devices');
    expect(again.status).toBe(200);
    for (const stream of [...open, again]) stream.close();
  });

  it('streams a published event of the caller’s domain to a subscriber over HTTP', async () => {
    const stream = await openEvents(s.url, s.adminToken, 'devices');
    try {
      expect(stream.status).toBe(200);
      const domainId = (await s.request('GET', '/api/userinfo', { token: s.adminToken })).body.domainId;
      await publish(s.ctx, { domainId: domainId + 1000, topic: 'devices', data: { id: 1, state: 'other-domain' } });
      await publish(s.ctx, { domainId, topic: 'devices', data: { id: 7, state: 'reged' } });
      const got = await stream.next((e) => e.event === 'devices');
      expect(got.data).toEqual({ id: 7, state: 'reged' });
      expect(stream.events.some((e) => (e.data as { state: string }).state === 'other-domain')).toBe(false);
      expect(stream.comments.some((c) => c.startsWith('connected'))).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('refuses the stream without a token, with a token in the header only elsewhere, and for unknown topics', async () => {
    const none = await fetch(`${s.url}/api/events?topics=devices`);
    expect(none.status).toBe(401);
    const bad = await s.request('GET', '/api/events', { token: s.adminToken, query: { topics: 'spaceships' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('topics');
    const missing = await s.request('GET', '/api/events', { token: s.adminToken });
    expect(missing.status).toBe(400);
    // Other routes never take the token from the URL.
    const elsewhere = await fetch(`${s.url}/api/userinfo?access_token=${s.adminToken}`);
    expect(elsewhere.status).toBe(401);
  });

  it('delivers a topic only to those who may read its class', async () => {
    // Record checks (rbac, on for devices by default) are covered with real devices in the device tests.
    await setRbac(s, s.adminToken, 'devices', false);
    const reader = await makeActor(s, s.adminToken, { grants: { devices: 'r' } });
    const stranger = await makeActor(s, s.adminToken, { grants: { users: 'r' } });
    const ok = await openEvents(s.url, reader.token, 'devices');
    const no = await openEvents(s.url, stranger.token, 'devices');
    try {
      expect(no.status).toBe(200);
      const res = await post({ type: 'test.echo', id: 41 });
      expect(res.status).toBe(200);
      await ok.next((e) => (e.data as { id: number }).id === 41);
      // The same event reached the reader; a second one proves the stranger's stream is alive but silent.
      await post({ type: 'test.echo', id: 42 });
      await ok.next((e) => (e.data as { id: number }).id === 42);
      expect(no.events).toEqual([]);
    } finally {
      ok.close();
      no.close();
      await setRbac(s, s.adminToken, 'devices', true);
    }
  });

  it('needs the telephonyEvents permission to post events', async () => {
    const plain = await makeActor(s, s.adminToken, { grants: { devices: 'rxwd' } });
    const res = await post({ type: 'test.echo', id: 1 }, plain.token);
    expect(res.status).toBe(403);
    expect((await s.request('POST', '/api/telephony/events', { body: { type: 'test.echo', id: 1 } })).status).toBe(401);
  });

  it('answers a single event with its result, and a refused one with its code naming the event', async () => {
    const ok = await post({ type: 'test.echo', id: 5, note: 'hi' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ type: 'test.echo', echoed: 5, note: 'hi' });
    const refused = await post({ type: 'test.echo', id: 0 });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ id: 'app.telephony_events.not_found', code: 404 });
    expect(refused.body.detail).toContain('test.echo');
    expect(refused.body.fields).toEqual([{ field: 'id', message: 'No record 0' }]);
  });

  it('checks every event of a batch before applying any, and answers per event', async () => {
    const invalid = await post([
      { type: 'test.echo', id: 1 },
      { type: 'test.echo', id: -1 },
      { type: 'nope' },
      { id: 3 },
    ]);
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields.map((f: { field: string }) => f.field)).toEqual(['1.id', '2.type', '3.type']);
    expect(invalid.body.fields[1].message).toContain('Unknown event type');

    const mixed = await post([
      { type: 'test.echo', id: 8 },
      { type: 'test.echo', id: 0 },
    ]);
    expect(mixed.status).toBe(200);
    expect(mixed.body.items).toEqual([
      { index: 0, type: 'test.echo', code: 200, result: { echoed: 8, note: '' } },
      expect.objectContaining({ index: 1, type: 'test.echo', code: 404, detail: 'No record 0' }),
    ]);
    expect((await post([])).status).toBe(400);
    expect((await post('text')).status).toBe(400);
  });
});
