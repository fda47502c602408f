import { messages, TIMEZONE_UNKNOWN } from '@switchboard/model';
import { triggerRuns } from '../../src/db/schema.js';
import { makeFlow, suiteFlows } from './fixture-flows.js';
import type { Fixture } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

/** The suite's service flow as a body's `schema`, read when the body is sent (after prepare made it). */
const withFlow = (body: Body) =>
  Object.defineProperty(body, 'schema', { enumerable: true, get: () => ({ id: suiteFlows.service }) });

let runs = 0;

/** Triggers (disabled, so no slot of theirs runs while a suite looks) and their run log. */
export const TRIGGER_FIXTURES: Record<string, Fixture> = {
  triggers: {
    prepare: async (s, token) => {
      suiteFlows.service = await makeFlow(s, token, 'service');
      suiteFlows.voice = await makeFlow(s, token, 'voice');
    },
    create: (prefix) =>
      withFlow({
        name: unique(prefix),
        description: 'made by a test',
        enabled: false,
        timezone: { name: 'Europe/Kyiv' },
        variables: { a: '1' },
      }),
    searchValue: (b) => b.name as string,
    update: (prefix) =>
      withFlow({
        name: unique(prefix),
        description: 'replaced',
        enabled: false,
        timeout: 0,
        timezone: { name: 'UTC' },
        expression: '*/5 * * * * *',
        variables: { b: '2' },
      }),
    patch: { timeout: 30 },
    untouched: 'description',
    invalid: [
      {
        rule: 'name required',
        body: { name: '', schema: { id: 1 }, timezone: { name: 'UTC' } },
        field: 'name',
        message: messages.required,
      },
      {
        rule: 'flow required',
        body: { name: unique('t'), timezone: { name: 'UTC' } },
        field: 'schema',
        message: messages.required,
      },
      {
        rule: 'flow of type service',
        body: {
          name: unique('t'),
          timezone: { name: 'UTC' },
          get schema() {
            return { id: suiteFlows.voice };
          },
        },
        field: 'schema',
        message: 'The flow must be of type service.',
      },
      { rule: 'timezone required', body: { name: unique('t'), schema: { id: 1 } }, field: 'timezone' },
      {
        rule: 'timezone known',
        body: { name: unique('t'), schema: { id: 1 }, timezone: { name: 'Mars/Olympus' } },
        field: 'timezone',
        message: TIMEZONE_UNKNOWN,
      },
      {
        rule: 'timeout 0 or more',
        body: { name: unique('t'), schema: { id: 1 }, timezone: { name: 'UTC' }, timeout: -1 },
        field: 'timeout',
        message: `${messages.min} 0`,
      },
      {
        rule: 'cron expression',
        body: { name: unique('t'), schema: { id: 1 }, timezone: { name: 'UTC' }, expression: '0 61 * * * *' },
        field: 'expression',
        message: messages.cron,
      },
      {
        rule: 'cron with seconds (six fields)',
        body: { name: unique('t'), schema: { id: 1 }, timezone: { name: 'UTC' }, expression: '*/5 * * * *' },
        field: 'expression',
        message: messages.cron,
      },
      {
        rule: 'type cron',
        body: { name: unique('t'), schema: { id: 1 }, timezone: { name: 'UTC' }, type: 'webhook' },
        field: 'type',
      },
    ],
  },
  triggerRuns: {
    // Three runs of a new trigger, as the scheduler writes them, an hour or more apart.
    parent: async (s, token) => {
      const trigger = await s.request('POST', '/api/trigger', {
        token,
        body: {
          name: unique('parent'),
          enabled: false,
          schema: { id: await makeFlow(s, token, 'service') },
          timezone: { name: 'UTC' },
        },
      });
      if (trigger.status !== 201) throw new Error(`trigger: ${trigger.status} ${JSON.stringify(trigger.body)}`);
      const info = await s.request('GET', '/api/userinfo', { token });
      const results = ['done', 'error', 'done'] as const;
      await s.ctx.db.insert(triggerRuns).values(
        results.map((result, i) => {
          const started = Date.UTC(2026, 0, 1) + scramble(++runs) * 3_600_000;
          const duration = scramble(runs * 7) % 90_000;
          return {
            domainId: info.body.domainId as number,
            triggerId: trigger.body.id as number,
            slot: i === 1 ? null : new Date(started).toISOString(),
            createdAt: new Date(started).toISOString(),
            startedAt: new Date(started + 5).toISOString(),
            stoppedAt: new Date(started + 5 + duration).toISOString(),
            durationMs: duration,
            result,
            error: unique('Failure '),
          };
        }),
      );
      return trigger.body.id as number;
    },
    searchValue: (item) => item.error as string,
    invalid: [],
  },
};
