import { ATTEMPT_RESULTS } from '@switchboard/model';
import { ccQueueAttempts } from '../../src/db/schema.js';
import type { TestServer } from '../harness.js';
import { makeAgent } from './agent-fixtures.js';
import type { Fixture } from './fixture-types.js';
import { makeCalendar } from './fixtures-queues.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

async function post(s: TestServer, token: string, path: string, body: Body): Promise<Body & { id: number }> {
  const res = await s.request('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function domainOf(s: TestServer, token: string): Promise<number> {
  const info = await s.request('GET', '/api/userinfo', { token });
  if (info.status !== 200) throw new Error(`userinfo: ${info.status}`);
  return info.body.domainId;
}

/** A queue of the given type (offline by default, which has every sub-list) in the token's domain. */
export async function makeQueue(s: TestServer, token: string, extra: Body = {}): Promise<number> {
  const calendar = await makeCalendar(s, token);
  return (
    await post(s, token, '/api/call_center/queues', {
      name: unique('fixture queue '),
      calendar: { id: calendar },
      ...extra,
    })
  ).id;
}

/** A service flow (what a hook runs) in the token's domain. */
export const makeServiceFlow = async (s: TestServer, token: string) =>
  (await post(s, token, '/api/routing/schema', { name: unique('hook flow '), type: 'service', schema: [] })).id;

let n = 0;
const HOUR = 3_600_000;
/** Instants an hour or more apart, in an order unlike their creation. */
const instant = (k: number) => new Date(Date.UTC(2026, 0, 1) + scramble(k) * HOUR);

export const QUEUE_SUBLIST_FIXTURES: Record<string, Fixture> = {
  queueAgents: {
    // A queue of a team with three agents, and an agent of another team (not listed).
    parent: async (s, token) => {
      const team = await post(s, token, '/api/call_center/teams', { name: unique('queue team ') });
      const queue = await makeQueue(s, token, { team: { id: team.id } });
      for (let i = 0; i < 3; i++) {
        // Lower-case names without spaces: the sort test compares them. The username takes a
        // prefix of its own, so that the names take turns (a, m, a) against creation order.
        const user = await post(s, token, '/api/users', {
          username: unique('qagentuser'),
          password: 'Secret-pass-1',
          name: unique('qagent'),
        });
        await post(s, token, '/api/call_center/agents', { user: { id: user.id }, team: { id: team.id } });
      }
      await makeAgent(s, token);
      return queue;
    },
    grants: { calendars: 'r', cc_team: 'r' },
    searchValue: (item) => item.name as string,
    invalid: [],
  },
  queueAttempts: {
    // A queue with three attempts, written as the member.attempt event writes them.
    parent: async (s, token) => {
      const queue = await makeQueue(s, token);
      const domainId = await domainOf(s, token);
      await s.ctx.db.insert(ccQueueAttempts).values(
        [0, 1, 2].map(() => {
          const joined = instant(++n);
          const duration = 10 + (scramble(n) % 500);
          return {
            domainId,
            queueId: queue,
            destination: `380${String(scramble(n)).padStart(5, '0')}${n}`,
            joinedAt: joined.toISOString(),
            offeringAt: new Date(joined.getTime() + 1000 * (1 + (scramble(n * 3) % 60))).toISOString(),
            leavingAt: new Date(joined.getTime() + duration * 1000).toISOString(),
            duration,
            attempts: 1 + (scramble(n * 5) % 5),
            result: ATTEMPT_RESULTS[scramble(n) % ATTEMPT_RESULTS.length],
          };
        }),
      );
      return queue;
    },
    grants: { calendars: 'r' },
    searchValue: (item) => item.destination as string,
    invalid: [],
  },
};
