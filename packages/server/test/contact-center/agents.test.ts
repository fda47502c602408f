import { errorDetail, formatStatusDuration } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeAgent } from '../resources/agent-fixtures.js';
import { makeActor, unique } from '../resources/helpers.js';
import { openEvents } from '../sse.js';

type Item = Record<string, unknown> & { id: number };

describe.each(drivers())('agents and teams on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  let phone: string;
  beforeAll(async () => {
    token = s.adminToken;
    phone = (await makeActor(s, token, { permissions: ['telephonyEvents'] })).token;
  });

  const post = async (path: string, body: unknown, as = token): Promise<Item> => {
    const res = await s.request('POST', `/api${path}`, { token: as, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const get = async (path: string, query?: Record<string, unknown>, as = token) => {
    const res = await s.request('GET', `/api${path}`, { token: as, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const event = (body: unknown) => s.request('POST', '/api/telephony/events', { token: phone, body });
  const newUser = (extra: Record<string, unknown> = {}) =>
    post('/users', { username: unique('u'), password: 'Secret-pass-1', name: unique('Person '), ...extra });
  const newTeam = (extra: Record<string, unknown> = {}) =>
    post('/call_center/teams', { name: unique('Team '), ...extra });
  const history = async (agentId: number, query: Record<string, unknown> = {}) =>
    (await get(`/call_center/agents/${agentId}/states/history`, query)).items as Item[];

  it('creates an agent with the spec defaults, named by its user, offline', async () => {
    const user = await newUser();
    const team = await newTeam();
    const agent = await post('/call_center/agents', { user: { id: user.id }, team: { id: team.id } });
    expect(agent).toMatchObject({
      user: { id: user.id, name: user.name },
      name: user.name,
      team: { id: team.id, name: team.name },
      progressiveCount: 1,
      chatCount: 1,
      isSupervisor: false,
      status: 'offline',
      supervisor: [],
      auditor: [],
    });
    // A user is an agent once: the lookup leaves it out, and a second agent is refused.
    const lookup = await get('/call_center/lookups/agents/users', { q: `${user.name}*` });
    expect(lookup.items).toEqual([]);
    const other = await newUser();
    const found = await get('/call_center/lookups/agents/users', { q: `${String(other.name).slice(0, 9)}*` });
    expect(found.items).toContainEqual({ id: other.id, name: other.name });
    const again = await s.request('POST', '/api/call_center/agents', {
      token,
      body: { user: { id: user.id }, team: { id: team.id } },
    });
    expect(again.status).toBe(409);
    expect(again.body.fields[0].field).toBe('user');
    const created = await post('/call_center/teams', { name: unique('Defaults ') });
    expect(created).toMatchObject({
      strategy: 'random',
      maxNoAnswer: 3,
      wrapUpTime: 15,
      noAnswerDelayTime: 30,
      callTimeout: 60,
      inviteChatTimeout: 30,
      busyDelayTime: 0,
      rejectDelayTime: 0,
      members: 0,
    });
  });

  it('refuses a user or a team of another domain', async () => {
    const other = (await s.createDomain(unique('tenant'))).adminToken;
    const foreignUser = await newUser();
    const team = await post('/call_center/teams', { name: unique('Theirs ') }, other);
    const user = await post('/users', { username: unique('x'), password: 'Secret-pass-1' }, other);
    const res = await s.request('POST', '/api/call_center/agents', {
      token: other,
      body: { user: { id: foreignUser.id }, team: { id: team.id } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields[0]).toMatchObject({
      field: 'user',
      message: errorDetail('noSuchRef', { resource: 'users' }),
    });
    const mine = await newTeam();
    const res2 = await s.request('POST', '/api/call_center/agents', {
      token: other,
      body: { user: { id: user.id }, team: { id: mine.id } },
    });
    expect(res2.status).toBe(400);
    expect(res2.body.fields[0].field).toBe('team');
  });

  it('records agent.status events in the history, closing the previous entry, and pushes them live', async () => {
    const agent = await makeAgent(s, token);
    const user = (agent.user as { name: string }).name;
    const username = (await get(`/users/${(agent.user as { id: number }).id}`)).username as string;
    const live = await openEvents(s.url, token, 'agents');
    try {
      const t0 = Date.now() - 600_000;
      const on = await event({ type: 'agent.status', agentId: agent.id, status: 'online', channel: 'call', time: t0 });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body).toMatchObject({ agent: { id: agent.id }, status: 'online', changed: true });
      const pushed = await live.next((e) => (e.data as { id: number }).id === agent.id);
      expect(pushed).toMatchObject({ event: 'agents', data: { id: agent.id, status: 'online', statusPayload: '' } });
      expect((pushed.data as { statusDuration: number }).statusDuration).toBeGreaterThanOrEqual(600);

      const paused = await event({
        type: 'agent.status',
        username: username.toUpperCase(),
        status: 'pause',
        pauseCause: 'Lunch',
        time: t0 + 90_000,
      });
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      // The same status again changes nothing.
      const same = await event({ type: 'agent.status', agentId: agent.id, status: 'pause', pauseCause: 'Lunch' });
      expect(same.body.changed).toBe(false);

      const entries = await history(agent.id);
      expect(entries.map((e) => [e.from, e.to, e.duration, e.channel, e.payload])).toEqual([
        ['online', 'pause', null, '', 'Lunch'],
        ['offline', 'online', 90, 'call', ''],
      ]);
      expect(Date.parse(entries[1].joinedAt as string)).toBe(t0);
      // The list filters the time a state began; the oldest first when asked.
      expect((await history(agent.id, { from: t0 + 1000 })).map((e) => e.to)).toEqual(['pause']);
      expect((await history(agent.id, { to: t0 + 1000 })).map((e) => e.to)).toEqual(['online']);
      expect((await history(agent.id, { sort: '+joinedAt' })).map((e) => e.to)).toEqual(['online', 'pause']);

      const read = await get(`/call_center/agents/${agent.id}`);
      expect(read).toMatchObject({ name: user, status: 'pause', statusPayload: 'Lunch' });
      expect(read.statusDuration).toBeGreaterThanOrEqual(500);
      expect(formatStatusDuration(read.statusDuration as number)).toMatch(/^00:(0[89]|1\d):\d\d$/);
    } finally {
      live.close();
    }
  });

  it('refuses status events naming no agent, an unknown one or an unknown status', async () => {
    const unnamed = await event({ type: 'agent.status', status: 'online' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.fields[0].field).toBe('username');
    const unknown = await event({ type: 'agent.status', username: 'nobody-here', status: 'online' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.fields[0]).toMatchObject({
      field: 'username',
      message: errorDetail('agentNotFound', { agent: '"nobody-here"' }),
    });
    const bad = await event({ type: 'agent.status', agentId: 1, status: 'asleep' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('status');
  });

  it('lets an administrator set online, offline or a pause whose cause allows administrators', async () => {
    const agent = await makeAgent(s, token);
    const allowed = await post('/call_center/pause_causes', { name: unique('Break '), allowSupervisor: false });
    const refused = await post('/call_center/pause_causes', { name: unique('Training '), allowAdmin: false });
    const set = (body: unknown, as = token) =>
      s.request('PUT', `/api/call_center/agents/${agent.id}/status`, { token: as, body });
    expect((await set({ status: 'online' })).body.status).toBe('online');
    const noCause = await set({ status: 'pause' });
    expect(noCause.status).toBe(400);
    expect(noCause.body.fields[0].field).toBe('pauseCause');
    const no = await set({ status: 'pause', pauseCause: { id: refused.id } });
    expect(no.status).toBe(403);
    expect(no.body.fields[0].field).toBe('pauseCause');
    const yes = await set({ status: 'pause', pauseCause: { id: allowed.id } });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body).toMatchObject({ status: 'pause', statusPayload: allowed.name });
    // A break out is the telephony side's, not the console's.
    expect((await set({ status: 'breakOut' })).status).toBe(400);
    expect((await history(agent.id)).map((e) => e.to)).toEqual(['pause', 'online']);

    // Without the edit right on agents only a supervisor of the agent may, with causes allowing
    // supervisors (causes it may read: a cause is a reference like any other).
    const reader = await makeActor(s, token, { grants: { cc_agent: 'r', lookups: 'r' } });
    const acl = await s.request('PATCH', `/api/call_center/agents/${agent.id}/acl`, {
      token,
      body: [{ grantee: { id: reader.roleId }, grants: 'r' }],
    });
    expect(acl.status).toBe(200);
    expect((await set({ status: 'offline' }, reader.token)).status).toBe(403);
    const readerAgent = await post('/call_center/agents', {
      user: { id: reader.userId },
      team: { id: (agent.team as { id: number }).id },
      isSupervisor: true,
    });
    const sub = await s.request('PUT', `/api/call_center/agents/${readerAgent.id}/subordinates/${agent.id}`, {
      token,
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const bySupervisor = await set({ status: 'offline' }, reader.token);
    expect(bySupervisor.status, JSON.stringify(bySupervisor.body)).toBe(200);
    expect((await set({ status: 'pause', pauseCause: { id: allowed.id } }, reader.token)).status).toBe(403);
    expect((await set({ status: 'pause', pauseCause: { id: refused.id } }, reader.token)).status).toBe(200);
  });

  it('adds and removes subordinates through the supervisor list of the subordinate', async () => {
    const boss = await makeAgent(s, token, { isSupervisor: true });
    const plain = await makeAgent(s, token);
    const worker = await makeAgent(s, token);
    const path = (sup: number, agentId: number) => `/api/call_center/agents/${sup}/subordinates/${agentId}`;
    const added = await s.request('PUT', path(boss.id, worker.id), { token });
    expect(added.status).toBe(200);
    expect(added.body.supervisor).toEqual([{ id: boss.id, name: boss.name }]);
    const subordinates = await get('/call_center/agents', { supervisorId: boss.id });
    expect(subordinates.items.map((i: Item) => i.id)).toEqual([worker.id]);
    // The candidates to add: neither the supervisor itself nor its subordinates.
    const candidates = await get('/call_center/agents', {
      notSupervisorOf: boss.id,
      id: [boss.id, worker.id, plain.id],
    });
    expect(candidates.items.map((i: Item) => i.id)).toEqual([plain.id]);
    expect((await get('/call_center/agents', { isSupervisor: true, id: [boss.id, worker.id] })).items).toHaveLength(1);
    expect(
      (await get('/call_center/agents', { isNotSupervisor: true, id: [boss.id, worker.id] })).items.map(
        (i: Item) => i.id,
      ),
    ).toEqual([worker.id]);
    // Only a supervisor supervises, and nobody itself.
    const notBoss = await s.request('PUT', path(plain.id, worker.id), { token });
    expect(notBoss.status).toBe(400);
    expect(notBoss.body.fields[0].message).toBe(errorDetail('notSupervisor', { name: `"${plain.name}"` }));
    expect((await s.request('PUT', path(boss.id, boss.id), { token })).status).toBe(400);
    const self = await s.request('PATCH', `/api/call_center/agents/${boss.id}`, {
      token,
      body: { supervisor: [{ id: boss.id }] },
    });
    expect(self.status).toBe(400);
    expect(self.body.fields[0].field).toBe('supervisor.0');
    // A supervisor list takes supervisors only.
    const wrong = await s.request('PATCH', `/api/call_center/agents/${worker.id}`, {
      token,
      body: { supervisor: [{ id: boss.id }, { id: plain.id }] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields[0].field).toBe('supervisor.1');

    const removed = await s.request('DELETE', path(boss.id, worker.id), { token });
    expect(removed.status).toBe(200);
    expect(removed.body.supervisor).toEqual([]);
    expect((await get('/call_center/agents', { supervisorId: boss.id })).items).toEqual([]);
    expect((await s.request('DELETE', path(boss.id, worker.id), { token })).status).toBe(404);
    // Changing a subordinate is an edit of it.
    const reader = await makeActor(s, token, { grants: { cc_agent: 'r' } });
    expect((await s.request('PUT', path(boss.id, worker.id), { token: reader.token })).status).toBe(403);
  });

  it('moves agents between teams in one step, clears a team, and refuses deleting a team with agents', async () => {
    const first = await newTeam();
    const second = await newTeam();
    const agent = await makeAgent(s, token);
    const oldTeam = (agent.team as { id: number }).id;
    const member = (team: number, method: string) =>
      s.request(method, `/api/call_center/teams/${team}/members/${agent.id}`, { token });
    const moved = await member(first.id, 'PUT');
    expect(moved.status).toBe(200);
    expect(moved.body.team).toEqual({ id: first.id, name: first.name });
    expect((await get(`/call_center/teams/${oldTeam}`)).members).toBe(0);
    expect((await get(`/call_center/teams/${first.id}`)).members).toBe(1);
    expect((await get('/call_center/agents', { team: first.id })).items.map((i: Item) => i.id)).toEqual([agent.id]);
    expect((await get('/call_center/agents', { notTeamId: first.id, id: agent.id })).items).toEqual([]);

    const refused = await s.request('DELETE', `/api/call_center/teams/${first.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(errorDetail('teamInUse', { names: `"${agent.name}"` }));
    // Taking it out of a team it is not in is a 404; out of its own, it has no team.
    expect((await member(second.id, 'DELETE')).status).toBe(404);
    const cleared = await member(first.id, 'DELETE');
    expect(cleared.status).toBe(200);
    expect(cleared.body.team).toBeNull();
    expect((await s.request('DELETE', `/api/call_center/teams/${first.id}`, { token })).status).toBe(200);
    // An agent without a team needs one again on its next save.
    const save = await s.request('PATCH', `/api/call_center/agents/${agent.id}`, { token, body: { team: null } });
    expect(save.status).toBe(400);
    expect(save.body.fields[0].field).toBe('team');
    expect((await member(9_999_999, 'PUT')).status).toBe(404);
  });

  it('counts the agents of a skill, lists them from both sides with aggregates, and keeps a held skill', async () => {
    const skill = await post('/call_center/skills', { name: unique('Sales ') });
    const spare = await post('/call_center/skills', { name: unique('Spare ') });
    const a = await makeAgent(s, token);
    const b = await makeAgent(s, token);
    const c = await makeAgent(s, token);
    // Several agents at once, from the skill.
    const bulk = await s.request('POST', `/api/call_center/skills/${skill.id}/agents`, {
      token,
      body: [{ agent: { id: a.id } }, { agent: { id: b.id }, capacity: 40, enabled: false }, { agent: { id: c.id } }],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    expect(bulk.body.items.map((i: Item) => i.capacity)).toEqual([10, 40, 10]);
    await post(`/call_center/agents/${a.id}/skills`, { skill: { id: spare.id }, capacity: 90 });
    // Skills are open to every user; their agents are guarded by the agents class.
    const skillsOnly = await makeActor(s, token, { grants: { cc_agent: 'r' } });
    const denied = await s.request('POST', `/api/call_center/skills/${spare.id}/agents`, {
      token: skillsOnly.token,
      body: { agent: { id: b.id } },
    });
    expect(denied.status).toBe(403);
    const counts = async () => {
      const item = await get(`/call_center/skills/${skill.id}`);
      return [item.totalAgents, item.activeAgents];
    };
    expect(await counts()).toEqual([3, 0]);
    // Active: enabled and online.
    for (const agent of [a, b]) {
      expect((await event({ type: 'agent.status', agentId: agent.id, status: 'online' })).status).toBe(200);
    }
    expect(await counts()).toEqual([3, 1]);

    const ofA = await get(`/call_center/agents/${a.id}/skills`);
    expect(ofA.items.map((i: Item) => (i.skill as { id: number }).id).sort()).toEqual([skill.id, spare.id].sort());
    expect(ofA.aggs).toEqual({ total: 2, enabled: 2, minCapacity: 10, maxCapacity: 90 });
    const empty = await get(`/call_center/agents/${a.id}/skills`, { page: 9 });
    expect(empty.items).toEqual([]);
    expect(empty.aggs.total).toBe(2);
    expect((await get('/call_center/agents', { skill: spare.id })).items.map((i: Item) => i.id)).toEqual([a.id]);
    expect((await get('/call_center/agents', { notSkillId: skill.id, id: [a.id, b.id] })).items).toEqual([]);
    const twice = await s.request('POST', `/api/call_center/agents/${b.id}/skills`, {
      token,
      body: { skill: { id: skill.id } },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.fields[0].field).toBe('skill');

    const refused = await s.request('DELETE', `/api/call_center/skills/${skill.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(String(a.name));
    const held = await get(`/call_center/skills/${skill.id}/agents`);
    await s.request('DELETE', `/api/call_center/skills/${skill.id}/agents`, {
      token,
      query: { id: held.items.map((i: Item) => i.id) },
    });
    expect(await counts()).toEqual([0, 0]);
    expect((await s.request('DELETE', `/api/call_center/skills/${skill.id}`, { token })).status).toBe(200);
  });
  it("logs agents and teams, and an agent's skill changes as updates of the agent", async () => {
    const configs: number[] = [];
    for (const object of ['agents', 'teams']) {
      const config = await s.request('POST', '/api/logger/config', { token, body: { object, enabled: true } });
      expect(config.status, JSON.stringify(config.body)).toBe(201);
      configs.push(config.body.id);
    }
    const logs = async (config: number, recordId: number) =>
      ((await get(`/logger/config/${config}/logs`, { size: 100 })).items as Item[]).filter(
        (e) => e.recordId === recordId,
      );
    const agent = await makeAgent(s, token);
    const team = (agent.team as { id: number }).id;
    const skill = await post('/call_center/skills', { name: unique('Logged ') });
    const held = await post(`/call_center/agents/${agent.id}/skills`, { skill: { id: skill.id } });
    expect((await logs(configs[0], agent.id)).map((e) => e.action)).toEqual(['update', 'create']);
    const [update] = await logs(configs[0], agent.id);
    expect((update.newState as Record<string, unknown>).agentSkills).toEqual(held);
    // The agent joining the team is an update of the team naming the member.
    const teamLog = await logs(configs[1], team);
    expect(teamLog.map((e) => e.action)).toEqual(['update', 'create']);
    expect((teamLog[0]?.newState as Record<string, unknown> | undefined)?.member).toMatchObject({ id: agent.id });
    for (const id of configs)
      expect((await s.request('DELETE', `/api/logger/config/${id}`, { token })).status).toBe(200);
  });
});
