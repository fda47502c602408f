import {
  messages,
  QUEUE_AMD_DEFAULTS,
  QUEUE_RETRY_CHOICES,
  QUEUE_STATISTIC_TIME_CHOICES,
  QUEUE_TYPES,
  queuePayloadDefaults,
  queueSettingsOf,
} from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeCalendar } from '../resources/fixtures-queues.js';
import { makeActor, setRbac, unique } from '../resources/helpers.js';
import { openEvents } from '../sse.js';

type Item = Record<string, unknown> & { id: number };
type Payload = Record<string, unknown>;

describe.each(drivers())('queues on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  let calendar: number;
  let phone: string;
  beforeAll(async () => {
    token = s.adminToken;
    calendar = await makeCalendar(s, token);
    phone = (await makeActor(s, token, { permissions: ['telephonyEvents'] })).token;
  });

  const create = (body: Record<string, unknown>, as = token) =>
    s.request('POST', '/api/call_center/queues', {
      token: as,
      body: { name: unique('Queue '), calendar: { id: calendar }, ...body },
    });
  const made = async (body: Record<string, unknown>): Promise<Item> => {
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const fieldsOf = (res: { body: { fields?: { field: string; message: string }[] } }) => res.body.fields ?? [];
  const list = async (query: Record<string, unknown>, as = token) => {
    const res = await s.request('GET', '/api/call_center/queues', { token: as, query: { size: 1000, ...query } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as Item[];
  };

  it('stores each type with its own settings at the spec defaults, and nothing else', async () => {
    for (const { code } of QUEUE_TYPES) {
      const queue = await made({ type: code });
      const payload = queue.payload as Payload;
      expect(Object.keys(payload).sort(), `type ${code}`).toEqual([...queueSettingsOf(code)].sort());
      expect(payload, `type ${code}`).toEqual(queuePayloadDefaults(code));
      expect(queue).toMatchObject({ type: code, priority: 0, strategy: 'fifo', enabled: true, active: 0, waiting: 0 });
      expect(queue.taskProcessing).toEqual({ enabled: false, formSchema: null, sec: 30, renewalSec: 15 });
    }
  });

  it('takes the spec section 9 values as the defaults', async () => {
    const inbound = (await made({ type: 1 })).payload as Payload;
    expect(inbound).toMatchObject({
      maxWaitTime: 3600,
      stickyAgentSec: 5,
      timeBaseScore: 'queue',
      discardAbandonedAfter: 0,
      maxWaitingSize: 0,
      minOnlineAgents: 0,
      autoAnswerTone: null,
      allowGreetingAgent: false,
      manualDistribution: false,
    });
    const predictive = (await made({ type: 5 })).payload as Payload;
    expect(predictive).toMatchObject({
      maxWaitTime: 10,
      maxAttempts: 3,
      originateTimeout: 60,
      waitBetweenRetries: 1800,
      maxCalls: 10,
      maxAgentLine: 5,
      minAttempts: 3,
      maxAbandonedRate: 5,
      targetAbandonedRate: 3,
      loadFactor: 10,
      maxAgentLose: 1,
      statisticTime: 60,
      abandonRateAdjustment: 0,
      playbackSilence: 0,
      recordings: false,
      retryAbandoned: false,
    });
    expect(predictive.amd).toEqual({
      ...QUEUE_AMD_DEFAULTS,
      maxWordLength: 5000,
      maxNumberOfWords: 3,
      betweenWordsSilence: 50,
      minWordLength: 100,
      totalAnalysisTime: 5000,
      silenceThreshold: 256,
      afterGreetingSilence: 800,
      greeting: 1500,
      initialSilence: 2500,
    });
    const ivr = (await made({ type: 2 })).payload as Payload;
    expect(ivr).toMatchObject({ minDuration: 3, maxAttempts: 3, originateTimeout: 60 });
    const chat = (await made({ type: 6 })).payload as Payload;
    expect(chat).toMatchObject({ maxIdleAgent: 3600, maxIdleClient: 3600, maxIdleDialog: 0, maxWaitTime: 3600 });
    expect(QUEUE_RETRY_CHOICES).toEqual([900, 1800, 2700, 3600, 14400, 21600]);
    expect(QUEUE_STATISTIC_TIME_CHOICES).toEqual([15, 30, 45, 60, 180, 360]);
  });

  it('requires the fields of each type, naming them', async () => {
    const requiredBy: Record<number, string[]> = {
      0: ['originateTimeout'],
      1: ['maxWaitTime', 'timeBaseScore'],
      2: ['originateTimeout', 'maxAttempts', 'waitBetweenRetries'],
      3: ['originateTimeout', 'maxAttempts', 'waitBetweenRetries'],
      4: ['originateTimeout', 'maxAttempts', 'waitBetweenRetries'],
      5: ['originateTimeout', 'maxAttempts', 'waitBetweenRetries'],
      6: ['maxWaitTime', 'timeBaseScore'],
      7: ['maxAttempts', 'waitBetweenRetries'],
      8: ['originateTimeout', 'maxAttempts', 'waitBetweenRetries'],
    };
    for (const [code, keys] of Object.entries(requiredBy)) {
      for (const key of keys) {
        const res = await create({ type: Number(code), payload: { [key]: null } });
        expect(res.status, `${code} ${key}`).toBe(400);
        expect(fieldsOf(res), `${code} ${key}`).toContainEqual({ field: `payload.${key}`, message: messages.required });
      }
    }
    // Name and calendar always; priority 0 or more.
    const bare = await s.request('POST', '/api/call_center/queues', { token, body: { name: '', type: 1 } });
    expect(bare.status).toBe(400);
    expect(fieldsOf(bare).map((f) => f.field)).toEqual(expect.arrayContaining(['name', 'calendar']));
    const negative = await create({ type: 3, priority: -1 });
    expect(fieldsOf(negative)).toContainEqual({ field: 'priority', message: `${messages.min} 0` });
  });

  it('refuses settings a type does not have, and values out of range', async () => {
    const foreign = await create({ type: 1, payload: { maxCalls: 5, amd: { enabled: true } } });
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign)).toEqual(
      expect.arrayContaining([
        { field: 'payload.maxCalls', message: messages.queueSetting },
        { field: 'payload.amd', message: messages.queueSetting },
      ]),
    );
    const cases: [number, Payload, string, string][] = [
      [5, { loadFactor: 0 }, 'payload.loadFactor', `${messages.min} 1`],
      [5, { maxAbandonedRate: 101 }, 'payload.maxAbandonedRate', `${messages.max} 100`],
      [5, { statisticTime: 120 }, 'payload.statisticTime', `${messages.oneOf} 15, 30, 45, 60, 180, 360`],
      [
        3,
        { waitBetweenRetries: 60 },
        'payload.waitBetweenRetries',
        `${messages.oneOf} 900, 1800, 2700, 3600, 14400, 21600`,
      ],
      [3, { maxCalls: -1 }, 'payload.maxCalls', `${messages.min} 0`],
      [0, { originateTimeout: 0 }, 'payload.originateTimeout', `${messages.min} 1`],
      [1, { maxWaitTime: 1.5 }, 'payload.maxWaitTime', messages.numeric],
      [1, { timeBaseScore: 'agent' }, 'payload.timeBaseScore', `${messages.oneOf} queue, system`],
      [2, { amd: { greeting: -5 } }, 'payload.amd.greeting', `${messages.min} 0`],
      [4, { recordings: 'yes' }, 'payload.recordings', 'Should be true or false'],
    ];
    for (const [type, payload, field, message] of cases) {
      const res = await create({ type, payload });
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res), field).toContainEqual({ field, message });
    }
    // In range, kept; an AMD block sent in part keeps the other defaults; a recording of every
    // call is off while recordings are.
    const kept = await made({
      type: 4,
      payload: { maxCalls: 0, waitBetweenRetries: 900, recordAll: true, amd: { enabled: true, greeting: 2000 } },
    });
    const payload = kept.payload as Payload;
    expect(payload).toMatchObject({ maxCalls: 0, waitBetweenRetries: 900, recordings: false, recordAll: false });
    expect(payload.amd).toEqual({ ...QUEUE_AMD_DEFAULTS, enabled: true, greeting: 2000 });
    const recorded = await made({ type: 4, payload: { recordings: true, recordAll: true } });
    expect(recorded.payload).toMatchObject({ recordings: true, recordAll: true });
  });

  it('keeps the type of a saved queue: PUT and PATCH changing it are refused naming type', async () => {
    const queue = await made({ type: 1 });
    const patch = await s.request('PATCH', `/api/call_center/queues/${queue.id}`, { token, body: { type: 5 } });
    expect(patch.status).toBe(400);
    expect(fieldsOf(patch)).toContainEqual({ field: 'type', message: messages.queueTypeFixed });
    const put = await s.request('PUT', `/api/call_center/queues/${queue.id}`, {
      token,
      body: { name: queue.name, calendar: { id: calendar }, type: 0 },
    });
    expect(put.status).toBe(400);
    expect(fieldsOf(put)).toContainEqual({ field: 'type', message: messages.queueTypeFixed });
    // The same type is no change; a PUT leaving settings out takes their defaults.
    const same = await s.request('PUT', `/api/call_center/queues/${queue.id}`, {
      token,
      body: { name: queue.name, calendar: { id: calendar }, type: 1, payload: { maxWaitTime: 60 } },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.payload).toEqual({ ...queuePayloadDefaults(1), maxWaitTime: 60 });
    expect((await s.request('GET', `/api/call_center/queues/${queue.id}`, { token })).body.type).toBe(1);
  });

  it('sends variables as a map and checks the processing form flow', async () => {
    const queue = await made({ type: 0, variables: { lang: 'en', region: 'eu' } });
    expect(queue.variables).toEqual({ lang: 'en', region: 'eu' });
    const voice = await s.request('POST', '/api/routing/schema', {
      token,
      body: { name: unique('voice '), type: 'voice', schema: [] },
    });
    expect(voice.status, JSON.stringify(voice.body)).toBe(201);
    const wrong = await create({ type: 0, taskProcessing: { enabled: true, formSchema: { id: voice.body.id } } });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong)).toContainEqual({
      field: 'taskProcessing.formSchema',
      message: `${messages.oneOf} processing`,
    });
    const form = await s.request('POST', '/api/routing/schema', {
      token,
      body: { name: unique('form '), type: 'processing', schema: [] },
    });
    const right = await made({
      type: 0,
      taskProcessing: { enabled: true, formSchema: { id: form.body.id }, sec: 40, renewalSec: 10 },
    });
    expect(right.taskProcessing).toMatchObject({ enabled: true, formSchema: { id: form.body.id }, sec: 40 });
    // The queue's own flows take voice flows only.
    const notVoice = await create({ type: 2, schema: { id: form.body.id } });
    expect(notVoice.status).toBe(400);
    expect(fieldsOf(notVoice)[0].field).toBe('schema');
  });

  it('filters the list by type, team and enabled', async () => {
    const team = await s.request('POST', '/api/call_center/teams', { token, body: { name: unique('Team ') } });
    expect(team.status).toBe(201);
    const tag = unique('Filter');
    const a = await made({ name: `${tag} a`, type: 5, team: { id: team.body.id } });
    const b = await made({ name: `${tag} b`, type: 5, enabled: false });
    const c = await made({ name: `${tag} c`, type: 1, team: { id: team.body.id }, enabled: false });
    const ids = async (query: Record<string, unknown>) =>
      (await list({ q: `${tag}*`, ...query })).map((i) => i.id).sort((x, y) => x - y);
    expect(await ids({ type: '5' })).toEqual([a.id, b.id]);
    expect(await ids({ type: '1' })).toEqual([c.id]);
    expect(await ids({ team: team.body.id })).toEqual([a.id, c.id]);
    expect(await ids({ enabled: 'false' })).toEqual([b.id, c.id]);
    expect(await ids({ enabled: 'true' })).toEqual([a.id]);
    expect(await ids({ type: '5', enabled: 'false' })).toEqual([b.id]);
    const bad = await s.request('GET', '/api/call_center/queues', { token, query: { type: '9' } });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)[0].field).toBe('type');
    const badFlag = await s.request('GET', '/api/call_center/queues', { token, query: { enabled: 'yes' } });
    expect(badFlag.status).toBe(400);
    // The list answers the type, the counts and the team.
    const [row] = await list({ q: `${tag} a*` });
    expect(row).toMatchObject({ id: a.id, type: 5, active: 0, waiting: 0, enabled: true, team: { id: team.body.id } });
  });

  it('enables and disables several queues at once, with the edit right on each', async () => {
    const tag = unique('Bulk');
    const one = await made({ name: `${tag} 1`, type: 1 });
    const two = await made({ name: `${tag} 2`, type: 6 });
    const off = await s.request('PATCH', '/api/call_center/queues', {
      token,
      query: { id: [one.id, two.id] },
      body: { enabled: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.items.map((i: Item) => i.id).sort()).toEqual([one.id, two.id].sort());
    expect((await list({ q: `${tag}*` })).map((i) => i.enabled)).toEqual([false, false]);
    // Only the listed fields: a bulk change of anything else is refused.
    const other = await s.request('PATCH', '/api/call_center/queues', {
      token,
      query: { id: [one.id] },
      body: { priority: 4 },
    });
    expect(other.status).toBe(400);
    const noIds = await s.request('PATCH', '/api/call_center/queues', { token, body: { enabled: true } });
    expect(noIds.status).toBe(400);
    expect(fieldsOf(noIds)[0].field).toBe('id');

    // Without the edit right: 403.
    const reader = await makeActor(s, token, { grants: { cc_queue: 'r' } });
    const denied = await s.request('PATCH', '/api/call_center/queues', {
      token: reader.token,
      query: { id: [one.id] },
      body: { enabled: true },
    });
    expect(denied.status).toBe(403);

    // Under record checks: only the queues the caller may edit change.
    const editor = await makeActor(s, token, { grants: { cc_queue: 'rw' } });
    await setRbac(s, token, 'cc_queue', true);
    try {
      const grant = await s.request('PATCH', `/api/call_center/queues/${one.id}/acl`, {
        token,
        body: [{ grantee: { id: editor.roleId }, grants: 'rw' }],
      });
      expect(grant.status).toBe(200);
      const on = await s.request('PATCH', '/api/call_center/queues', {
        token: editor.token,
        query: { id: [one.id, two.id] },
        body: { enabled: true },
      });
      expect(on.status).toBe(200);
      expect(on.body.items).toEqual([{ id: one.id }]);
    } finally {
      await setRbac(s, token, 'cc_queue', false);
    }
    const states = await list({ q: `${tag}*` });
    expect(states.map((i) => [i.id, i.enabled])).toEqual([
      [one.id, true],
      [two.id, false],
    ]);

    // Another domain sees nothing and changes nothing.
    const stranger = (await s.createDomain(unique('tenant'))).adminToken;
    const theirs = await s.request('PATCH', '/api/call_center/queues', {
      token: stranger,
      query: { id: [one.id, two.id] },
      body: { enabled: false },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
    expect((await list({ q: `${tag}*` }, stranger)).length).toBe(0);
    expect((await list({ q: `${tag}*` })).map((i) => i.enabled)).toEqual([true, false]);
  });

  it('keeps the active call count from telephony events', async () => {
    const queue = await made({ type: 1 });
    const event = (body: unknown) => s.request('POST', '/api/telephony/events', { token: phone, body });
    const live = await openEvents(s.url, token, 'queues');
    try {
      const joined = await event({ type: 'queue.call.joined', queueId: queue.id });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect(joined.body).toEqual({ type: 'queue.call.joined', queue: { id: queue.id }, active: 1, changed: true });
      // Open lists of queues hear of it.
      const pushed = await live.next((e) => (e.data as { id: number }).id === queue.id);
      expect(pushed).toEqual({ event: 'queues', data: { id: queue.id, active: 1 } });
    } finally {
      live.close();
    }
    const batch = await event([
      { type: 'queue.call.joined', name: String(queue.name).toUpperCase() },
      { type: 'queue.call.joined', queueId: queue.id },
      { type: 'queue.call.left', queueId: queue.id },
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body.items.map((i: { code: number }) => i.code)).toEqual([200, 200, 200]);
    const active = async () => (await s.request('GET', `/api/call_center/queues/${queue.id}`, { token })).body.active;
    expect(await active()).toBe(2);
    const sorted = await list({ sort: '-active', q: `${queue.name}*` });
    expect(sorted[0].active).toBe(2);
    for (let i = 0; i < 3; i++) await event({ type: 'queue.call.left', queueId: queue.id });
    expect(await active()).toBe(0);
    const set = await event({ type: 'queue.calls', queueId: queue.id, active: 7 });
    expect(set.body).toMatchObject({ active: 7, changed: true });
    expect(await active()).toBe(7);

    const missing = await event({ type: 'queue.call.joined', queueId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.fields[0].field).toBe('queueId');
    const unnamed = await event({ type: 'queue.call.joined' });
    expect(unnamed.status).toBe(400);
    const negative = await event({ type: 'queue.calls', queueId: queue.id, active: -1 });
    expect(negative.status).toBe(400);
    // Another domain's telephony side cannot touch the queue.
    const tenant = unique('tenant');
    const other = await s.createDomain(tenant);
    const otherPhone = (await makeActor(s, other.adminToken, { permissions: ['telephonyEvents'], domain: tenant }))
      .token;
    const foreign = await s.request('POST', '/api/telephony/events', {
      token: otherPhone,
      body: { type: 'queue.call.joined', queueId: queue.id },
    });
    expect(foreign.status).toBe(404);
    expect(await active()).toBe(7);
    // Without the permission, no events.
    const plain = await makeActor(s, token, { grants: { cc_queue: 'rxwd' } });
    const refused = await s.request('POST', '/api/telephony/events', {
      token: plain.token,
      body: { type: 'queue.call.joined', queueId: queue.id },
    });
    expect(refused.status).toBe(403);
    expect(await active()).toBe(7);
  });
});
