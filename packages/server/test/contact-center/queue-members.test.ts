import { MEMBER_COMMUNICATIONS_MAX, messages, queueMembersPath } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeCommunication } from '../resources/fixtures-cc-resources.js';
import { makeQueue } from '../resources/fixtures-queue-sublists.js';
import { makeActor, unique } from '../resources/helpers.js';

type Body = Record<string, unknown>;
type Member = Body & { id: number; name: string };

describe.each(drivers())('queue members on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  let type: number;
  let bucket: number;
  let agent: number;
  beforeAll(async () => {
    token = s.adminToken;
    type = await makeCommunication(s, token);
    const b = await s.request('POST', '/api/call_center/buckets', { token, body: { name: unique('bucket') } });
    bucket = b.body.id;
    const team = await s.request('POST', '/api/call_center/teams', { token, body: { name: unique('team') } });
    const user = await s.request('POST', '/api/users', {
      token,
      body: { username: unique('agent'), password: 'Secret-pass-1', name: unique('Agent ') },
    });
    const a = await s.request('POST', '/api/call_center/agents', {
      token,
      body: { user: { id: user.body.id }, team: { id: team.body.id } },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    agent = a.body.id;
  });

  let numbers = 0;
  const phone = () => `+38067${String(++numbers).padStart(7, '0')}`;
  const comm = (extra: Body = {}) => ({ destination: phone(), type: { id: type }, ...extra });
  const path = (queue: number) => `/api${queueMembersPath(queue)}`;
  const create = async (queue: number, body: Body = {}) => {
    const res = await s.request('POST', path(queue), {
      token,
      body: { name: unique('member '), communications: [comm()], ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Member;
  };
  const ids = async (queue: number, query: Record<string, unknown> = {}) => {
    const res = await s.request('GET', path(queue), { token, query: { size: 1000, ...query } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.items as Member[]).map((m) => m.id).sort((a, b) => a - b);
  };
  const sorted = (list: Member[]) => list.map((m) => m.id).sort((a, b) => a - b);

  it('makes a member with the spec defaults: priority 0, expiry in 7 days, waiting', async () => {
    const queue = await makeQueue(s, token);
    const before = Date.now();
    const m = await create(queue, { communications: [comm({ dtmf: '123', display: '100' })] });
    expect(m).toMatchObject({ queueId: queue, priority: 0, stopCause: null, attempts: 0, bucket: null, agent: null });
    const expiry = Date.parse(m.expireAt as string) - before;
    expect(expiry).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expiry).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(m.communications).toEqual([
      expect.objectContaining({ type: { id: type, name: expect.any(String) }, dtmf: '123', display: '100' }),
    ]);
    expect(m.destinations).toEqual([(m.communications as { destination: string }[])[0].destination]);
  });

  it('takes 1 to 20 communications, DTMF digits only, and types of the domain', async () => {
    const queue = await makeQueue(s, token);
    const refused = async (body: Body) => {
      const res = await s.request('POST', path(queue), { token, body: { name: 'n', ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.fields as { field: string; message: string }[];
    };
    expect(await refused({ communications: [] })).toContainEqual({
      field: 'communications',
      message: messages.requiredArray,
    });
    expect(await refused({})).toContainEqual(expect.objectContaining({ field: 'communications' }));
    const many = Array.from({ length: MEMBER_COMMUNICATIONS_MAX + 1 }, () => comm());
    expect(await refused({ communications: many })).toContainEqual({
      field: 'communications',
      message: messages.communicationsMax,
    });
    const twenty = await create(queue, { communications: many.slice(0, MEMBER_COMMUNICATIONS_MAX) });
    expect(twenty.communications).toHaveLength(20);
    for (const dtmf of ['1a', '12#', '*1', '+1']) {
      expect(await refused({ communications: [comm({ dtmf })] })).toContainEqual({
        field: 'communications.0.dtmf',
        message: messages.dtmfDigits,
      });
    }
    expect(await refused({ communications: [comm({ type: { id: 999999 } })] })).toContainEqual(
      expect.objectContaining({ field: 'communications.0.type', key: 'errors.noSuchRef' }),
    );
  });

  it('filters by each filter, and searches a name by prefix or a destination exactly', async () => {
    const queue = await makeQueue(s, token);
    const tag = unique('Zeta');
    const a = await create(queue, { name: `${tag} one`, priority: 1, bucket: { id: bucket }, stopCause: 'success' });
    const b = await create(queue, { name: `${tag} two`, priority: 5, agent: { id: agent }, stopCause: 'failed' });
    const c = await create(queue, {
      name: unique('other '),
      priority: 9,
      communications: [comm(), comm({ destination: '+380991112233' })],
    });
    expect(await ids(queue)).toEqual(sorted([a, b, c]));
    expect(await ids(queue, { cause: 'success' })).toEqual([a.id]);
    expect(await ids(queue, { cause: ['success', 'failed'] })).toEqual(sorted([a, b]));
    expect(await ids(queue, { bucket })).toEqual([a.id]);
    expect(await ids(queue, { agent })).toEqual([b.id]);
    expect(await ids(queue, { priorityFrom: 2, priorityTo: 9 })).toEqual(sorted([b, c]));
    expect(await ids(queue, { priorityFrom: 6 })).toEqual([c.id]);
    const now = Date.now();
    expect(await ids(queue, { from: now - 3_600_000, to: now + 60_000 })).toEqual(sorted([a, b, c]));
    expect(await ids(queue, { to: now - 3_600_000 })).toEqual([]);
    expect(await ids(queue, { from: now + 3_600_000 })).toEqual([]);
    expect(await ids(queue, { q: `${tag.toUpperCase()}*` })).toEqual(sorted([a, b]));
    expect(await ids(queue, { q: `${tag} one` })).toEqual([a.id]);
    expect(await ids(queue, { q: tag })).toEqual([]);
    expect(await ids(queue, { q: '+380991112233' })).toEqual([c.id]);
    expect(await ids(queue, { q: '+380991112233*' })).toEqual([c.id]);
    // A destination matches exactly, never by its beginning.
    expect(await ids(queue, { q: '+38099111223' })).toEqual([]);
    expect(await ids(queue, { q: '+38099111223*' })).toEqual([]);
    const bad = await s.request('GET', path(queue), { token, query: { cause: 'gone' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('cause');
  });

  it('deletes the members a filter matches, saying how many; no filter only with all=true', async () => {
    const queue = await makeQueue(s, token);
    const keep = await create(queue, { priority: 1 });
    const gone = [await create(queue, { priority: 7 }), await create(queue, { priority: 8 })];
    const refused = await s.request('DELETE', path(queue), { token });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'all', message: messages.confirmAll }]);
    expect(await ids(queue)).toHaveLength(3);
    const byFilter = await s.request('DELETE', path(queue), { token, query: { priorityFrom: 5 } });
    expect(byFilter.status).toBe(200);
    expect(byFilter.body).toEqual({ count: 2 });
    expect(await ids(queue)).toEqual([keep.id]);
    expect(gone.length).toBe(2);
    // Another queue's members are left alone by a filter and by all=true.
    const other = await makeQueue(s, token);
    const elsewhere = await create(other, { priority: 7 });
    const all = await s.request('DELETE', path(queue), { token, query: { all: 'true' } });
    expect(all.body).toEqual({ count: 1 });
    expect(await ids(queue)).toEqual([]);
    expect(await ids(other)).toEqual([elsewhere.id]);
    // An id list deletes those, and answers which.
    const one = await create(other);
    const byIds = await s.request('DELETE', path(other), { token, query: { id: [one.id] } });
    expect(byIds.body).toEqual({ count: 1, items: [{ id: one.id }] });
  });

  it('resets every end cause but success, expired and cancel, saying how many', async () => {
    const queue = await makeQueue(s, token);
    const causes = ['abandoned', 'timeout', 'cancel', 'success', 'failed', 'missed', 'expired', null];
    const made: Record<string, Member> = {};
    for (const cause of causes) made[String(cause)] = await create(queue, { stopCause: cause });
    const res = await s.request('PATCH', `${path(queue)}/reset`, { token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ count: 4 });
    const after = await s.request('GET', path(queue), { token, query: { size: 100, fields: 'id,stopCause' } });
    const byId = new Map((after.body.items as Member[]).map((m) => [m.id, m.stopCause]));
    for (const cause of ['abandoned', 'timeout', 'failed', 'missed']) expect(byId.get(made[cause].id)).toBeNull();
    for (const cause of ['cancel', 'success', 'expired']) expect(byId.get(made[cause].id)).toBe(cause);
    const again = await s.request('PATCH', `${path(queue)}/reset`, { token, body: {} });
    expect(again.body).toEqual({ count: 0 });
  });

  it('answers 403 without the queue right, and another domain sees nothing', async () => {
    const queue = await makeQueue(s, token);
    const member = await create(queue);
    const reader = await makeActor(s, token, { grants: { cc_queue: 'r' } });
    const nobody = await makeActor(s, token, {});
    expect((await s.request('GET', path(queue), { token: nobody.token })).status).toBe(403);
    expect((await s.request('GET', path(queue), { token: reader.token })).status).toBe(200);
    for (const [method, url, query] of [
      ['DELETE', path(queue), { all: 'true' }],
      ['PATCH', `${path(queue)}/reset`, {}],
      ['POST', path(queue), {}],
    ] as const) {
      const res = await s.request(method, url, {
        token: reader.token,
        body: method === 'DELETE' ? undefined : {},
        query,
      });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const other = (await s.createDomain(unique('tenant'))).adminToken;
    for (const [method, url] of [
      ['GET', path(queue)],
      ['GET', `${path(queue)}/${member.id}`],
      ['DELETE', path(queue)],
      ['PATCH', `${path(queue)}/reset`],
    ] as const) {
      const res = await s.request(method, url, {
        token: other,
        query: method === 'DELETE' ? { all: 'true' } : {},
        body: method === 'PATCH' ? {} : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(await ids(queue)).toEqual([member.id]);
  });
});
