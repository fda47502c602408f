import { messages } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeQueue, makeServiceFlow } from '../resources/fixtures-queue-sublists.js';
import { makeActor, unique } from '../resources/helpers.js';

type Item = Record<string, unknown> & { id: number };
type Field = { field: string; message: string };

describe.each(drivers())('queue sub-lists on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  let phone: string;
  beforeAll(async () => {
    token = s.adminToken;
    phone = (await makeActor(s, token, { permissions: ['telephonyEvents'] })).token;
  });

  const post = async (path: string, body: unknown): Promise<Item> => {
    const res = await s.request('POST', `/api${path}`, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const get = async (path: string, query?: Record<string, unknown>) => {
    const res = await s.request('GET', `/api${path}`, { token, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const event = (body: unknown) => s.request('POST', '/api/telephony/events', { token: phone, body });
  const skill = () => post('/call_center/skills', { name: unique('skill ') });
  const fieldsOf = (body: { fields?: Field[] }) =>
    Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.message]));

  it('gives a queue skill its spec defaults and refuses a min capacity over the max on both fields', async () => {
    const queue = await makeQueue(s, token);
    const base = `/call_center/queues/${queue}/skills`;
    const made = await post(base, { skill: { id: (await skill()).id } });
    expect(made).toMatchObject({ queueId: queue, lvl: 0, minCapacity: 0, maxCapacity: 10, buckets: [], enabled: true });

    const bad = await s.request('POST', `/api${base}`, {
      token,
      body: { skill: { id: (await skill()).id }, minCapacity: 30, maxCapacity: 20 },
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual({
      minCapacity: messages.skillCapacityMin,
      maxCapacity: messages.skillCapacityMax,
    });
    // Equal ends are a range of one value.
    await post(base, { skill: { id: (await skill()).id }, minCapacity: 20, maxCapacity: 20 });

    // A PATCH is checked merged over the stored skill: a min above the stored max is refused.
    const patch = await s.request('PATCH', `/api${base}/${made.id}`, { token, body: { minCapacity: 11 } });
    expect(patch.status).toBe(400);
    expect(fieldsOf(patch.body)).toMatchObject({ minCapacity: messages.skillCapacityMin });
    const lowered = await s.request('PATCH', `/api${base}/${made.id}`, { token, body: { maxCapacity: 5 } });
    expect(lowered.status).toBe(200);
    const raised = await s.request('PATCH', `/api${base}/${made.id}`, { token, body: { minCapacity: 6 } });
    expect(fieldsOf(raised.body)).toMatchObject({ maxCapacity: messages.skillCapacityMax });
    expect((await get(`${base}/${made.id}`)).minCapacity).toBe(0);
  });

  it('requires a hook event of the list and a flow, and gives a bucket priority 0', async () => {
    const queue = await makeQueue(s, token);
    const flow = await makeServiceFlow(s, token);
    const hooks = `/api/call_center/queues/${queue}/hooks`;
    const none = await s.request('POST', hooks, { token, body: {} });
    expect(none.status).toBe(400);
    expect(fieldsOf(none.body)).toMatchObject({ event: messages.required, schema: messages.required });
    const unknown = await s.request('POST', hooks, { token, body: { event: 'ringing', schema: { id: flow } } });
    expect(fieldsOf(unknown.body).event).toContain(messages.oneOf);
    const hook = await post(`/call_center/queues/${queue}/hooks`, { event: 'missed', schema: { id: flow } });
    expect(hook).toMatchObject({ event: 'missed', properties: [], enabled: true, schema: { id: flow } });
    // A voice flow is not a hook's.
    const voice = await post('/routing/schema', { name: unique('voice '), type: 'voice', schema: [] });
    const wrong = await s.request('POST', hooks, { token, body: { event: 'joined', schema: { id: voice.id } } });
    expect(wrong.status).toBe(400);

    const bucket = await post('/call_center/buckets', { name: unique('bucket ') });
    const qb = await post(`/call_center/queues/${queue}/buckets`, { bucket: { id: bucket.id } });
    expect(qb).toMatchObject({ priority: 0, disabled: false, bucket: { id: bucket.id, name: bucket.name } });
    const negative = await s.request('POST', `/api/call_center/queues/${queue}/buckets`, {
      token,
      body: { bucket: { id: bucket.id }, priority: -1 },
    });
    expect(fieldsOf(negative.body).priority).toBe(`${messages.min} 0`);
  });

  it("answers a resource group's communication type with the queue's group", async () => {
    const queue = await makeQueue(s, token);
    const communication = await post('/call_center/communication_type', {
      name: unique('phone '),
      code: unique('p'),
      channel: 'phone',
    });
    const group = await post('/call_center/resource_group', {
      name: unique('group '),
      communication: { id: communication.id },
    });
    const made = await post(`/call_center/queues/${queue}/resource_groups`, { resourceGroup: { id: group.id } });
    expect(made).toMatchObject({
      resourceGroup: { id: group.id, name: group.name },
      communication: { id: communication.id, name: communication.name },
    });
    // A group a queue dials through is not deleted.
    expect((await s.request('DELETE', `/api/call_center/resource_group/${group.id}`, { token })).status).toBe(409);
  });

  it('lists the agents of the queue team, narrowed by its enabled skills and their capacity range', async () => {
    const team = await post('/call_center/teams', { name: unique('team ') });
    const other = await post('/call_center/teams', { name: unique('team ') });
    const queue = await makeQueue(s, token, { team: { id: team.id } });
    const agent = async (teamId: number) => {
      const user = await post('/users', { username: unique('a'), password: 'Secret-pass-1', name: unique('Agent ') });
      return post('/call_center/agents', { user: { id: user.id }, team: { id: teamId } });
    };
    const [a, b, c] = [await agent(team.id), await agent(team.id), await agent(team.id)];
    const outsider = await agent(other.id);
    const listed = async () =>
      ((await get(`/call_center/queues/${queue}/agents`, { size: 100 })).items as Item[]).map((i) => i.id).sort();

    // No skills listed: every agent of the team.
    expect(await listed()).toEqual([a.id, b.id, c.id].sort());
    const sales = await skill();
    const support = await skill();
    await post(`/call_center/agents/${a.id}/skills`, { skill: { id: sales.id }, capacity: 50 });
    await post(`/call_center/agents/${b.id}/skills`, { skill: { id: sales.id }, capacity: 90 });
    await post(`/call_center/agents/${c.id}/skills`, { skill: { id: support.id }, capacity: 50, enabled: false });
    await post(`/call_center/agents/${outsider.id}/skills`, { skill: { id: sales.id }, capacity: 50 });
    const qs = await post(`/call_center/queues/${queue}/skills`, {
      skill: { id: sales.id },
      minCapacity: 40,
      maxCapacity: 60,
    });
    // Only a holds sales within 40..60; b is over the max, c holds another skill, the outsider is of another team.
    expect(await listed()).toEqual([a.id]);
    const [row] = (await get(`/call_center/queues/${queue}/agents`)).items as Item[];
    expect(row).toMatchObject({ name: a.name, status: 'offline', skills: [{ id: sales.id, name: sales.name }] });

    // c's skill counts once the queue lists it, but c holds it disabled.
    await post(`/call_center/queues/${queue}/skills`, { skill: { id: support.id }, maxCapacity: 100 });
    expect(await listed()).toEqual([a.id]);
    // The range's ends are included.
    await s.request('PATCH', `/api/call_center/queues/${queue}/skills/${qs.id}`, { token, body: { maxCapacity: 90 } });
    expect(await listed()).toEqual([a.id, b.id].sort());
    // A disabled queue skill does not count: with none enabled, the whole team again.
    for (const one of (await get(`/call_center/queues/${queue}/skills`)).items as Item[]) {
      await s.request('PATCH', `/api/call_center/queues/${queue}/skills/${one.id}`, {
        token,
        body: { enabled: false },
      });
    }
    expect(await listed()).toEqual([a.id, b.id, c.id].sort());
    // A queue without a team has no agents.
    const lone = await makeQueue(s, token);
    expect((await get(`/call_center/queues/${lone}/agents`)).items).toEqual([]);
  });

  it('logs a member.attempt event as an attempt of the queue, filtered and oldest first', async () => {
    const queue = await makeQueue(s, token);
    const user = await post('/users', { username: unique('a'), password: 'Secret-pass-1', name: unique('Agent ') });
    const team = await post('/call_center/teams', { name: unique('team ') });
    const agent = await post('/call_center/agents', { user: { id: user.id }, team: { id: team.id } });
    const t0 = Date.UTC(2026, 5, 1, 10);
    const sent = await event({
      type: 'member.attempt',
      queueId: queue,
      destination: '+380441112233',
      agentId: agent.id,
      joinedAt: t0 + 3_600_000,
      offeringAt: t0 + 3_605_000,
      leavingAt: t0 + 3_690_000,
      attempts: 2,
      result: 'success',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ type: 'member.attempt', result: 'success', duration: 90 });
    const batch = await event([
      {
        type: 'member.attempt',
        queueId: queue,
        destination: '+380441110000',
        joinedAt: t0,
        result: 'abandoned',
        duration: 5,
      },
      {
        type: 'member.attempt',
        queueId: queue,
        destination: '+380441119999',
        joinedAt: t0 + 7_200_000,
        leavingAt: t0 + 7_230_000,
        result: 'missed',
      },
    ]);
    expect(batch.body.items.map((i: { code: number }) => i.code)).toEqual([200, 200]);

    const base = `/call_center/queues/${queue}/attempts`;
    const all = (await get(base)).items as Item[];
    // Default sort +joined_at: the oldest first, whatever order the events came in.
    expect(all.map((i) => i.destination)).toEqual(['+380441110000', '+380441112233', '+380441119999']);
    expect(all[1]).toMatchObject({
      agent: { id: agent.id, name: user.name },
      joinedAt: new Date(t0 + 3_600_000).toISOString(),
      offeringAt: new Date(t0 + 3_605_000).toISOString(),
      leavingAt: new Date(t0 + 3_690_000).toISOString(),
      duration: 90,
      attempts: 2,
      result: 'success',
    });
    expect(all[0]).toMatchObject({ agent: null, leavingAt: null, offeringAt: null, duration: 5, attempts: 1 });
    expect(all[2].duration).toBe(30);

    const ids = async (query: Record<string, unknown>) =>
      ((await get(base, query)).items as Item[]).map((i) => i.destination);
    expect(await ids({ result: ['success', 'missed'] })).toEqual(['+380441112233', '+380441119999']);
    expect(await ids({ agent: agent.id })).toEqual(['+380441112233']);
    expect(await ids({ durationFrom: 10, durationTo: 60 })).toEqual(['+380441119999']);
    expect(await ids({ joinedAtFrom: t0 + 1, joinedAtTo: t0 + 3_600_000 })).toEqual(['+380441112233']);
    expect(await ids({ leavingAtFrom: t0 + 7_000_000 })).toEqual(['+380441119999']);
    expect(await ids({ offeringAtTo: t0 + 3_605_000 })).toEqual(['+380441112233']);
    expect(await ids({ sort: '-joinedAt' })).toEqual(['+380441119999', '+380441112233', '+380441110000']);
    const wrong = await s.request('GET', `/api${base}`, { token, query: { result: 'hung' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields[0].field).toBe('result');
    // Another queue's log holds none of them.
    expect((await get(`/call_center/queues/${await makeQueue(s, token)}/attempts`)).items).toEqual([]);
  });

  it('refuses a member.attempt of an unknown queue or agent, a bad result, or leaving before joining', async () => {
    const queue = await makeQueue(s, token);
    const at = Date.UTC(2026, 0, 2);
    const one = { type: 'member.attempt', queueId: queue, joinedAt: at, result: 'failed' };
    const missingQueue = await event({ ...one, queueId: 2_000_000_000 });
    expect(missingQueue.status).toBe(404);
    expect(missingQueue.body.fields[0].field).toBe('queueId');
    const missingAgent = await event({ ...one, agentId: 2_000_000_000 });
    expect(missingAgent.status).toBe(404);
    expect(missingAgent.body.fields[0].field).toBe('agentId');
    const badResult = await event({ ...one, result: 'hung' });
    expect(badResult.status).toBe(400);
    expect(badResult.body.fields[0].field).toBe('result');
    const noTime = await event({ type: 'member.attempt', queueId: queue, result: 'failed' });
    expect(noTime.status).toBe(400);
    expect(noTime.body.fields[0].field).toBe('joinedAt');
    const backwards = await event({ ...one, leavingAt: at - 1000 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields[0]).toMatchObject({ field: 'leavingAt', message: messages.dateOrder });
    // Without the telephonyEvents permission the event is refused.
    const plain = await makeActor(s, token, {});
    expect((await s.request('POST', '/api/telephony/events', { token: plain.token, body: one })).status).toBe(403);
    expect((await get(`/call_center/queues/${queue}/attempts`)).items).toEqual([]);
  });

  it("logs a change of a queue's sub-object as an update of the queue", async () => {
    const configs = (await get('/logger/config', { size: 1000 })).items as Item[];
    let config = configs.find((c) => c.object === 'queues' || (c.object as { id?: string })?.id === 'queues');
    if (!config) config = await post('/logger/config', { object: 'queues', enabled: true, daysToStore: 7 });
    else await s.request('PATCH', `/api/logger/config/${config.id}`, { token, body: { enabled: true } });
    const queue = await makeQueue(s, token);
    const flow = await makeServiceFlow(s, token);
    const hook = await post(`/call_center/queues/${queue}/hooks`, { event: 'joined', schema: { id: flow } });
    await s.request('PATCH', `/api/call_center/queues/${queue}/hooks/${hook.id}`, { token, body: { enabled: false } });
    await s.request('DELETE', `/api/call_center/queues/${queue}/hooks/${hook.id}`, { token });
    const logs = (await get(`/logger/config/${config.id}/logs`, { size: 1000 })).items as Item[];
    const mine = logs.filter((e) => e.recordId === queue && e.action === 'update');
    expect(mine).toHaveLength(3);
    const states = mine.map((e) => (e.newState as { queueHooks: Item | null }).queueHooks);
    expect(states).toContainEqual(expect.objectContaining({ id: hook.id, enabled: true }));
    expect(states).toContainEqual(expect.objectContaining({ id: hook.id, enabled: false }));
    expect(states).toContain(null);
  });
});
