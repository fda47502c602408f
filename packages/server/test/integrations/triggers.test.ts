import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, TRIGGER_CRON_DEFAULT } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FLOW_RUNNER } from '../../src/flows/runner.js';
import {
  INTERRUPTED,
  sweepInterrupted,
  type TriggerRuns,
  TriggerTicker,
} from '../../src/resources/integrations/triggers/runs.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';
import { type FlowRunnerStandin, startFlowRunnerStandin } from '../support/flow-runner-standin.mjs';
import { until } from '../until.js';

const PATH = '/api/trigger';
const SECRET = 'trigger-test-secret';

type Run = {
  id: number;
  slot: string | null;
  result: string;
  error: string;
  startedAt: string | null;
  stoppedAt: string | null;
  duration: number | null;
};

const rows = async <T>(s: TestServer, query: ReturnType<typeof sql>) =>
  ((await s.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Runs are started by the ticker's caller; the scheduler tests only look at what it claims. */
const noRuns = { start: () => {} } as unknown as TriggerRuns;

describe.each(drivers())('triggers on %s', (driver) => {
  let s: TestServer;
  let token: string;
  let runner: FlowRunnerStandin;
  let serviceFlow: number;
  let voiceFlow: number;

  beforeAll(async () => {
    runner = await startFlowRunnerStandin({ secret: SECRET });
    s = await startTestServer({ driver, config: { flowRunnerUrl: runner.url, flowRunnerSecret: SECRET } });
    token = s.adminToken;
    const flow = async (type: string) => {
      const res = await s.request('POST', '/api/routing/schema', {
        token,
        body: { name: unique(`${type} flow `), type, schema: [{ log: { message: 'hello' } }] },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    serviceFlow = await flow('service');
    voiceFlow = await flow('voice');
  });
  afterAll(async () => {
    await s?.close();
    await runner?.close();
  });

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await s.request('POST', PATH, {
      token,
      body: {
        name: unique('trigger '),
        schema: { id: serviceFlow },
        timezone: { name: 'UTC' },
        enabled: false,
        ...body,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; variables: Record<string, string> };
  };
  const runNow = async (id: number, variables?: Record<string, string>, as = token) =>
    s.request('POST', `${PATH}/${id}/job`, { token: as, body: variables ? { variables } : {} });
  const log = async (id: number, query: Record<string, unknown> = {}) => {
    const res = await s.request('GET', `${PATH}/${id}/job`, { token, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as Run[];
  };
  const ended = (id: number, runId: number) =>
    until(async () => (await log(id)).find((r) => r.id === runId && (r.result === 'done' || r.result === 'error')));

  it('takes the defaults: type cron, timeout 60, the expression at 12 every minute, enabled', async () => {
    const res = await s.request('POST', PATH, {
      token,
      body: { name: unique('defaults '), schema: { id: serviceFlow }, timezone: { name: 'Europe/Kyiv' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'cron',
      timeout: 60,
      expression: TRIGGER_CRON_DEFAULT,
      enabled: true,
      variables: {},
      timezone: { name: 'Europe/Kyiv' },
      schema: { id: serviceFlow },
    });
    await s.request('PATCH', `${PATH}/${res.body.id}`, { token, body: { enabled: false } });
  });

  it('refuses a bad cron expression, a flow of another type and a negative timeout, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expression: '0 */1 25 * * *' }, 'expression', messages.cron],
      [{ expression: '* * * * *' }, 'expression', messages.cron],
      [{ expression: 'every day' }, 'expression', messages.cron],
      [{ schema: { id: voiceFlow } }, 'schema', 'The flow must be of type service.'],
      [{ timeout: -1 }, 'timeout', `${messages.min} 0`],
    ];
    for (const [body, field, message] of cases) {
      const res = await s.request('POST', PATH, {
        token,
        body: { name: unique('bad '), schema: { id: serviceFlow }, timezone: { name: 'UTC' }, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining({ field, message }));
    }
    // A timeout of 0 is taken: no limit of the trigger's own.
    expect((await create({ timeout: 0, expression: '*/2 * * * * *' })).id).toBeGreaterThan(0);
  });

  it('runs now with the variables merged over the trigger’s, and logs the run', async () => {
    const trigger = await create({ variables: { a: '1', b: '2' } });
    const res = await runNow(trigger.id, { b: '3', c: '4' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ triggerId: trigger.id, slot: null });
    const run = await ended(trigger.id, res.body.id);
    expect(run).toMatchObject({ result: 'done', error: '' });
    expect(run.duration).toBeGreaterThanOrEqual(0);
    expect(Date.parse(run.stoppedAt ?? '') - Date.parse(run.startedAt ?? '')).toBe(run.duration);
    // The runner's answer is kept with the run.
    const read = await s.request('GET', `${PATH}/${trigger.id}/job/${res.body.id}`, { token });
    expect(read.body).toMatchObject({ output: { done: true }, variables: { a: '1', b: '3', c: '4' } });
    const call = runner.calls.find((c) => c.origin.runId === String(res.body.id));
    expect(call).toMatchObject({
      domain: 'main',
      flow: { id: serviceFlow, type: 'service', schema: [{ log: { message: 'hello' } }] },
      variables: { a: '1', b: '3', c: '4' },
      origin: { kind: 'trigger', id: trigger.id },
    });
  });

  it('ends a run the runner does not answer within the timeout in error', async () => {
    const trigger = await create({ timeout: 1, variables: { runnerDelayMs: '3000' } });
    const res = await runNow(trigger.id);
    const run = await ended(trigger.id, res.body.id);
    expect(run.result).toBe('error');
    expect(run.error).toBe('The flow runner did not answer within 1 s');
    expect(run.duration).toBeGreaterThanOrEqual(900);
  });

  it('ends in error with the text when the runner refuses, is down or is not configured', async () => {
    const trigger = await create();
    const refused = await runNow(trigger.id, { runnerFail: 'flow crashed' });
    expect((await ended(trigger.id, refused.body.id)).error).toBe('The flow runner answered 500: flow crashed');
    const config = s.ctx.config;
    const saved = config.flowRunnerUrl;
    try {
      config.flowRunnerUrl = 'http://127.0.0.1:9/run';
      const down = await runNow(trigger.id);
      expect((await ended(trigger.id, down.body.id)).error).toMatch(/^The flow runner cannot be reached: /);
      config.flowRunnerUrl = null;
      const none = await runNow(trigger.id);
      const run = await ended(trigger.id, none.body.id);
      expect(run).toMatchObject({ result: 'error', error: NO_FLOW_RUNNER });
    } finally {
      config.flowRunnerUrl = saved;
    }
    // The run log filters by result, start time and duration (seconds), newest first.
    const errors = await log(trigger.id, { result: 'error' });
    expect(errors).toHaveLength(3);
    expect(errors.map((r) => r.id)).toEqual([...errors.map((r) => r.id)].sort((a, b) => b - a));
    expect(await log(trigger.id, { result: 'done' })).toHaveLength(0);
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    expect(await log(trigger.id, { startedAtFrom: today.getTime(), startedAtTo: Date.now() + 60_000 })).toHaveLength(3);
    expect(await log(trigger.id, { startedAtTo: today.getTime() - 1 })).toHaveLength(0);
    expect(await log(trigger.id, { durationFrom: 0, durationTo: 60 })).toHaveLength(3);
    expect(await log(trigger.id, { durationFrom: 61 })).toHaveLength(0);
  });

  it('guards run now and the run log by the trigger class rights and the domain', async () => {
    const trigger = await create();
    const reader = await makeActor(s, token, { grants: { trigger: 'r' } });
    const none = await makeActor(s, token, { grants: { roles: 'r' } });
    const editor = await makeActor(s, token, { grants: { trigger: 'rw' } });
    expect((await runNow(trigger.id, undefined, reader.token)).status).toBe(403);
    expect((await s.request('GET', `${PATH}/${trigger.id}/job`, { token: reader.token })).status).toBe(200);
    expect((await s.request('GET', `${PATH}/${trigger.id}/job`, { token: none.token })).status).toBe(403);
    expect((await runNow(trigger.id, undefined, none.token)).status).toBe(403);
    const ran = await runNow(trigger.id, undefined, editor.token);
    expect(ran.status).toBe(200);
    await ended(trigger.id, ran.body.id);

    const other = (await s.createDomain(unique('tenant'))).adminToken;
    expect((await runNow(trigger.id, undefined, other)).status).toBe(404);
    expect((await s.request('GET', `${PATH}/${trigger.id}/job`, { token: other })).status).toBe(404);
    expect((await s.request('GET', PATH, { token: other, query: { id: trigger.id } })).body.items).toEqual([]);
  });

  describe('the scheduler, driven with a given now', () => {
    /** A trigger as last changed at `changedAt`, enabled or not, without bumping that time. */
    const scheduled = async (expression: string, timezone: string, enabled: boolean, changedAt: string) => {
      const trigger = await create({ expression, timezone: { name: timezone } });
      await s.ctx.db.execute(
        sql`update triggers set enabled = ${enabled}, updated_at = ${changedAt}::timestamptz where id = ${trigger.id}`,
      );
      return trigger.id;
    };
    const slotsOf = async (id: number) =>
      (
        await rows<{ slot: string }>(
          s,
          sql`select to_char(slot at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as slot from trigger_runs
            where trigger_id = ${id} order by slot`,
        )
      ).map((r) => r.slot);
    const tickAt = (iso: string, ticker = new TriggerTicker(s.ctx, noRuns)) => ticker.tick(new Date(iso));

    it('starts a missed slot under 5 minutes late once, and never one later than that', async () => {
      const id = await scheduled('0 0 12 * * *', 'UTC', true, '2030-01-01T00:00:00Z');
      await tickAt('2030-03-10T12:04:59Z');
      await tickAt('2030-03-10T12:04:59.500Z');
      await tickAt('2030-03-11T12:05:00.001Z');
      expect(await slotsOf(id)).toEqual(['2030-03-10T12:00:00']);
      // A node that keeps looking starts each slot as it comes.
      const ticker = new TriggerTicker(s.ctx, noRuns);
      await tickAt('2030-03-12T11:59:59Z', ticker);
      await tickAt('2030-03-12T12:00:00.020Z', ticker);
      await tickAt('2030-03-13T12:00:00.020Z', ticker);
      expect(await slotsOf(id)).toEqual(['2030-03-10T12:00:00', '2030-03-12T12:00:00', '2030-03-13T12:00:00']);
    });

    it('replays no more than the latest missed slot, and none from before the trigger changed', async () => {
      const id = await scheduled('*/2 * * * * *', 'UTC', true, '2030-04-01T10:00:00Z');
      await tickAt('2030-04-01T10:03:05Z');
      expect(await slotsOf(id)).toEqual(['2030-04-01T10:03:04']);
      const fresh = await scheduled('*/2 * * * * *', 'UTC', true, '2030-04-02T10:00:03Z');
      await tickAt('2030-04-02T10:00:03.500Z');
      expect(await slotsOf(fresh)).toEqual([]);
      const ticker = new TriggerTicker(s.ctx, noRuns);
      await tickAt('2030-04-02T10:00:03.600Z', ticker);
      await tickAt('2030-04-02T10:00:09.100Z', ticker);
      expect(await slotsOf(fresh)).toEqual(['2030-04-02T10:00:04', '2030-04-02T10:00:06', '2030-04-02T10:00:08']);
    });

    it('runs at the expression’s times in the trigger’s zone', async () => {
      const id = await scheduled('0 30 9 * * *', 'America/New_York', true, '2030-06-01T00:00:00Z');
      await tickAt('2030-06-03T13:31:00Z');
      expect(await slotsOf(id)).toEqual(['2030-06-03T13:30:00']);
    });

    it('does not run a disabled trigger', async () => {
      const id = await scheduled('* * * * * *', 'UTC', false, '2030-07-01T00:00:00Z');
      const ticker = new TriggerTicker(s.ctx, noRuns);
      await tickAt('2030-07-01T10:00:00Z', ticker);
      await tickAt('2030-07-01T10:00:03Z', ticker);
      expect(await slotsOf(id)).toEqual([]);
    });

    it('closes runs a dead node left open after their timeout and a grace', async () => {
      const id = await scheduled('0 0 12 * * *', 'UTC', false, '2030-08-01T00:00:00Z');
      const insert = (result: string, createdAt: string, startedAt: string | null) =>
        rows<{ id: number }>(
          s,
          sql`insert into trigger_runs (domain_id, trigger_id, result, created_at, started_at, timeout)
            select domain_id, id, ${result}, ${createdAt}::timestamptz, ${startedAt}::timestamptz, 60
            from triggers where id = ${id} returning id`,
        );
      const [stale] = await insert('active', '2030-08-02T09:00:00Z', '2030-08-02T09:00:00Z');
      const [running] = await insert('active', '2030-08-02T09:59:00Z', '2030-08-02T09:59:00Z');
      const [claimed] = await insert('idle', '2030-08-02T09:58:00Z', null);
      await sweepInterrupted(s.ctx.db, new Date('2030-08-02T10:00:00Z'));
      const states = await rows<{ id: number; result: string; error: string; duration_ms: number | null }>(
        s,
        sql`select id, result, error, duration_ms from trigger_runs where trigger_id = ${id} order by id`,
      );
      expect(states).toEqual([
        { id: stale.id, result: 'error', error: INTERRUPTED, duration_ms: 3_600_000 },
        { id: running.id, result: 'active', error: '', duration_ms: null },
        { id: claimed.id, result: 'error', error: INTERRUPTED, duration_ms: null },
      ]);
    });
  });
});

describe.runIf(drivers().includes('postgres'))('a trigger on two API nodes on one PostgreSQL', () => {
  it('runs each 2-second slot exactly once', { timeout: 240_000 }, async () => {
    const runner = await startFlowRunnerStandin({ secret: SECRET });
    const config = { flowRunnerUrl: runner.url, flowRunnerSecret: SECRET };
    const owner = await startTestServer({ driver: 'postgres', config });
    const url = owner.databaseUrl ?? '';
    const jobs = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, triggerTickMs: 200 };
    const nodes = await Promise.all([
      startTestServer({ databaseUrl: url, jobs, config }),
      startTestServer({ databaseUrl: url, jobs, config }),
    ]);
    try {
      const token = owner.adminToken;
      const flow = await owner.request('POST', '/api/routing/schema', {
        token,
        body: { name: unique('every 2 s '), type: 'service', schema: [] },
      });
      const trigger = await owner.request('POST', PATH, {
        token,
        body: {
          name: unique('every 2 s '),
          schema: { id: flow.body.id },
          timezone: { name: 'UTC' },
          expression: '*/2 * * * * *',
        },
      });
      expect(trigger.status).toBe(201);
      const id = trigger.body.id as number;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await owner.request('PATCH', `${PATH}/${id}`, { token, body: { enabled: false } });
      // Runs under way end; the last tick of each node may still have claimed a slot.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const runs = await rows<{ id: string; slot: string; result: string }>(
        owner,
        sql`select id::text, to_char(slot at time zone 'UTC', 'HH24:MI:SS.MS') as slot, result from trigger_runs
          where trigger_id = ${id} order by slot`,
      );
      expect(runs.length).toBeGreaterThanOrEqual(4);
      // One run per slot, every slot from the first to the last, each handed over once.
      const slots = runs.map((r) => r.slot);
      expect(new Set(slots).size).toBe(slots.length);
      const times = runs.map((r) => Date.parse(`1970-01-01T${r.slot}Z`));
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(2000);
      await until(async () => runner.calls.filter((c) => c.origin.id === id).length === runs.length);
      const handed = runner.calls.filter((c) => c.origin.id === id).map((c) => c.origin.runId);
      expect([...handed].sort()).toEqual(runs.map((r) => r.id).sort());
      expect(runs.every((r) => r.result === 'done' || r.result === 'active')).toBe(true);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await owner.close();
      await runner.close();
    }
  });
});

describe.runIf(drivers().includes('pglite'))('a trigger on the embedded database', () => {
  it('closes the runs a previous process left open, then runs each 2-second slot', { timeout: 240_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-triggers-'));
    const runner = await startFlowRunnerStandin({ secret: SECRET });
    const config = { flowRunnerUrl: runner.url, flowRunnerSecret: SECRET };
    try {
      const first = await startTestServer({ driver: 'pglite', dataDir: dir, config });
      const token = first.adminToken;
      const flow = await first.request('POST', '/api/routing/schema', {
        token,
        body: { name: unique('embedded '), type: 'service', schema: [] },
      });
      const made = await first.request('POST', PATH, {
        token,
        body: { name: unique('every 2 s '), schema: { id: flow.body.id }, timezone: { name: 'UTC' }, enabled: false },
      });
      const id = made.body.id as number;
      await first.ctx.db.execute(sql`insert into trigger_runs (domain_id, trigger_id, result, started_at)
        select domain_id, id, 'active', now() from triggers where id = ${id}`);
      await first.close();

      const second = await startTestServer({
        driver: 'pglite',
        dataDir: dir,
        config,
        jobs: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, triggerTickMs: 200 },
      });
      try {
        const open = await rows<{ result: string; error: string }>(
          second,
          sql`select result, error from trigger_runs where trigger_id = ${id}`,
        );
        expect(open).toEqual([{ result: 'error', error: INTERRUPTED }]);
        const login = second.adminToken;
        const patched = await second.request('PATCH', `${PATH}/${id}`, {
          token: login,
          body: { enabled: true, expression: '*/2 * * * * *' },
        });
        expect(patched.status).toBe(200);
        const done = await until(async () => {
          const found = await rows<{ slot: string; result: string }>(
            second,
            sql`select to_char(slot at time zone 'UTC', 'HH24:MI:SS.MS') as slot, result from trigger_runs
              where trigger_id = ${id} and slot is not null order by slot`,
          );
          return found.filter((r) => r.result === 'done').length >= 2 && found;
        }, 'two runs done');
        await second.request('PATCH', `${PATH}/${id}`, { token: login, body: { enabled: false } });
        const times = done.map((r) => Date.parse(`1970-01-01T${r.slot}Z`));
        for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(2000);
        expect(runner.calls.filter((c) => c.origin.id === id).length).toBeGreaterThanOrEqual(2);
      } finally {
        await second.close();
      }
    } finally {
      await runner.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
