import { triggerRuns } from '../../src/db/schema.js';
import { makeFlow, suiteFlows } from './fixture-flows.js';
import type { Fixture } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

/** The suite's service flow as a body's `schema`, read when the body is sent (after prepare made it). */
const _withFlow = (body: Body) =>
  Object.defineProperty(body, 'schema', { enumerable: true, get: () => ({ id: suiteFlows.service }) });

let runs = 0;

/** Triggers (disabled, so no slot of theirs runs while a suite looks) and their run log. */
export const TRIGGER_FIXTURES: Record<string, Fixture> = {
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
