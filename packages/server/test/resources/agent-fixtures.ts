import { messages } from '@switchboard/model';
import { agentStates, teams, users } from '../../src/db/schema.js';
import type { TestServer } from '../harness.js';
import type { Fixture } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;
type Named = { id: number; name: string };

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

/**
 * Users the bodies refer to, written straight into the table (far quicker than the API, whose
 * password hashing is slow): each create takes a fresh one, as an agent's user must be new.
 */
const pools = { users: [] as Named[] };
const names = new Map<string, string>();
let team = 0;
let otherTeam = 0;

async function fillUsers(s: TestServer, domainId: number, n: number): Promise<Named[]> {
  const rows = await s.ctx.db
    .insert(users)
    .values(
      Array.from({ length: n }, () => ({
        domainId,
        username: unique('pooled'),
        name: unique('Pooled '),
        passwordHash: 'not-a-hash',
      })),
    )
    .returning({ id: users.id, name: users.name });
  for (const r of rows) names.set(`user:${r.id}`, r.name);
  return rows;
}

async function fillTeams(s: TestServer, domainId: number) {
  const rows = await s.ctx.db
    .insert(teams)
    .values([
      { domainId, name: unique('Pool team ') },
      { domainId, name: unique('Pool team ') },
    ])
    .returning({ id: teams.id });
  [team, otherTeam] = rows.map((r) => r.id);
}

const take = (pool: Named[], what: string): Named => {
  const one = pool.shift();
  if (!one) throw new Error(`the ${what} pool is empty: prepare more`);
  return one;
};

const refOf = (body: Body, key: string) => (body[key] as { id: number }).id;

let n = 0;

export const AGENT_FIXTURES: Record<string, Fixture> = {
  agents: {
    prepare: async (s, token) => {
      const domainId = await domainOf(s, token);
      await fillTeams(s, domainId);
      pools.users = await fillUsers(s, domainId, 150);
    },
    create: () => {
      const user = take(pools.users, 'user');
      return {
        user: { id: user.id },
        team: { id: team },
        progressiveCount: 1 + (scramble(++n) % 50),
        chatCount: scramble(n * 3) % 20,
        description: unique('made by a test '),
      };
    },
    searchValue: (b) => names.get(`user:${refOf(b, 'user')}`) as string,
    update: () => ({
      user: { id: take(pools.users, 'user').id },
      team: { id: otherTeam },
      progressiveCount: 7,
      chatCount: 0,
      isSupervisor: true,
      description: 'replaced',
    }),
    patch: { description: 'patched', isSupervisor: true },
    // An agent names a user and a team: its maker must be able to read both.
    grants: { users: 'r', cc_team: 'r' },
    untouched: 'progressiveCount',
    invalid: [
      { rule: 'user required', body: { team: { id: 1 } }, field: 'user', message: messages.required },
      { rule: 'team required', body: { user: { id: 1 } }, field: 'team', message: messages.required },
      {
        rule: 'progressiveCount at least 1',
        body: { user: { id: 1 }, team: { id: 1 }, progressiveCount: 0 },
        field: 'progressiveCount',
        message: `${messages.min} 1`,
      },
      {
        rule: 'chatCount numeric',
        body: { user: { id: 1 }, team: { id: 1 }, chatCount: 'two' },
        field: 'chatCount',
        message: messages.numeric,
      },
      {
        rule: 'chatCount at most 100',
        body: { user: { id: 1 }, team: { id: 1 }, chatCount: 101 },
        field: 'chatCount',
        message: `${messages.max} 100`,
      },
      // A team that exists, so that the user is what the body breaks.
      {
        rule: 'user exists',
        get body() {
          return { user: { id: 999999 }, team: { id: team } };
        },
        field: 'user',
      },
    ],
  },
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
