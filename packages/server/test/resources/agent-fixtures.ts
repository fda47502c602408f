import { agentStates } from '../../src/db/schema.js';
import type { TestServer } from '../harness.js';
import type { Fixture } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

async function domainOf(s: TestServer, token: string): Promise<number> {
  const info = await s.request('GET', '/api/userinfo', { token });
  if (info.status !== 200) throw new Error(`userinfo: ${info.status}`);
  return info.body.domainId;
}

async function post(s: TestServer, token: string, path: string, body: Body): Promise<Body & { id: number }> {
  const res = await s.request('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A team and an agent on a new user, made through the API of the token's domain. */
export async function makeAgent(s: TestServer, token: string, extra: Body = {}): Promise<Body & { id: number }> {
  const team = await post(s, token, '/api/call_center/teams', { name: unique('Team ') });
  const user = await post(s, token, '/api/users', {
    username: unique('agent'),
    password: 'Secret-pass-1',
    name: unique('Agent '),
  });
  return post(s, token, '/api/call_center/agents', { user: { id: user.id }, team: { id: team.id }, ...extra });
}

let n = 0;

export const AGENT_FIXTURES: Record<string, Fixture> = {
  agentStates: {
    // Three changes of a new agent, as the status events write them, an hour or more apart.
    parent: async (s, token) => {
      const agent = await makeAgent(s, token);
      const domainId = await domainOf(s, token);
      const statuses = ['online', 'pause', 'offline'];
      await s.ctx.db.insert(agentStates).values(
        statuses.map((to, i) => ({
          domainId,
          agentId: agent.id,
          joinedAt: new Date(Date.UTC(2026, 0, 1) + scramble(++n) * 3_600_000).toISOString(),
          from: i ? statuses[i - 1] : 'offline',
          to,
          duration: i === 2 ? null : scramble(n * 11) % 5000,
          channel: i === 1 ? 'call' : '',
          payload: unique('Cause '),
        })),
      );
      return agent.id;
    },
    searchValue: (item) => item.payload as string,
    invalid: [],
  },
};
