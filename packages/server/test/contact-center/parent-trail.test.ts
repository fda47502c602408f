import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { drivers, useTestServer } from '../harness.js';
import { makeAgent } from '../resources/agent-fixtures.js';
import { makeCalendar } from '../resources/fixtures-queues.js';
import { type Actor, makeActor, setRbac, unique } from '../resources/helpers.js';

type Entry = { action: string; oldState: Record<string, unknown> | null; newState: Record<string, unknown> | null };

/**
 * References written by hand outside the generic routes (an agent's pause cause, a queue's AMD
 * playback) go through the one reference check; a team member or subordinate added or removed
 * writes an entry on the team or supervisor in the agent's transaction; an API token and its
 * entry commit together.
 */
describe.each(drivers())('hand-written references and parent entries on %s', (driver) => {
  const s = useTestServer(driver);
  let admin: string;
  let calendar = 0;

  beforeAll(async () => {
    admin = s.adminToken;
    calendar = await makeCalendar(s, admin);
    // Agents are readable and editable under class rights: what is hidden is what they refer to.
    await setRbac(s, admin, 'cc_agent', false);
    for (const object of ['teams', 'agents']) {
      const res = await s.request('POST', '/api/logger/config', { token: admin, body: { object, enabled: true } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });

  /** The entries on a record naming a member or subordinate (not its own create or edits). */
  const entries = async (object: string, recordId: number) =>
    (
      await queryRows<Entry>(
        s.ctx.db,
        sql`select action, old_state as "oldState", new_state as "newState" from logger_entries
          where domain_id = ${s.domainId} and object = ${object} and record_id = ${recordId} order by id`,
      )
    ).filter((e) => ['member', 'subordinate'].some((k) => k in (e.newState ?? {}) || k in (e.oldState ?? {})));
  const post = async (path: string, body: unknown) => {
    const res = await s.request('POST', `/api${path}`, { token: admin, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body as { id: number; name: string } & Record<string, unknown>;
  };

  it('refuses a pause cause the caller may not read, as one that does not exist', async () => {
    const agent = await makeAgent(s, admin);
    const cause = await post('/call_center/pause_causes', { name: unique('Hidden break ') });
    const blind: Actor = await makeActor(s, admin, { grants: { cc_agent: 'rxwd' } });
    const sees: Actor = await makeActor(s, admin, { grants: { cc_agent: 'rxwd', lookups: 'r' } });
    const set = (token: string, id: number) =>
      s.request('PUT', `/api/call_center/agents/${agent.id}/status`, {
        token,
        body: { status: 'pause', pauseCause: { id } },
      });
    const hidden = await set(blind.token, cause.id);
    const missing = await set(blind.token, 2_000_000_000);
    expect(hidden.status).toBe(400);
    expect(hidden.body.fields.map((f: { field: string; key: string }) => `${f.field}:${f.key}`)).toEqual([
      'pauseCause:errors.noSuchRef',
    ]);
    expect(hidden.body.fields).toEqual(missing.body.fields);
    const ok = await set(sees.token, cause.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'pause', statusPayload: cause.name });
  });

  it("refuses a queue's AMD playback the caller may not read, keeps one the queue holds", async () => {
    const insert = async (name: string) => {
      const [row] = await queryRows<{ id: number }>(
        s.ctx.db,
        sql`insert into media_files (domain_id, name, mime_type, size) values (${s.domainId}, ${name}, 'audio/wav', 10)
            returning id`,
      );
      return row.id;
    };
    const hidden = await insert(`${unique('hidden ')}.wav`);
    {
      // No read right on media files: the playback is one the caller may not read.
      const actor = await makeActor(s, admin, { grants: { cc_queue: 'rxwd' } });
      const queue = await post('/call_center/queues', {
        name: unique('AMD queue '),
        calendar: { id: calendar },
        type: 4,
        payload: { amd: { enabled: true, playback: { id: hidden } } },
      });
      const patch = (payload: unknown) =>
        s.request('PATCH', `/api/call_center/queues/${queue.id}`, { token: actor.token, body: { payload } });
      // The playback the queue already holds stays through an edit of another setting.
      const held = queue.payload as Record<string, unknown>;
      const kept = await patch({ ...held, amd: { ...(held.amd as object), greeting: 2000 } });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      const other = await post('/call_center/queues', {
        name: unique('Other queue '),
        type: 4,
        calendar: { id: calendar },
      });
      const refused = await s.request('PATCH', `/api/call_center/queues/${other.id}`, {
        token: actor.token,
        body: { payload: { ...(other.payload as object), amd: { enabled: true, playback: { id: hidden } } } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fields.map((f: { field: string }) => f.field)).toEqual(['payload.amd.playback']);
    }
  });

  it('writes an entry on the team for each member added, moved or removed, by either route', async () => {
    const agent = await makeAgent(s, admin);
    const first = (agent.team as { id: number }).id;
    const second = await post('/call_center/teams', { name: unique('Second team ') });
    const named = { id: agent.id, name: agent.name };
    // The team's member list moves the agent: an entry on the team it left and on the one it joined.
    const moved = await s.request('PUT', `/api/call_center/teams/${second.id}/members/${agent.id}`, { token: admin });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await entries('teams', first)).toEqual([
      // makeAgent put it in its first team through the agent's create.
      { action: 'update', oldState: { member: null }, newState: { member: named } },
      { action: 'update', oldState: { member: named }, newState: { member: null } },
    ]);
    expect(await entries('teams', second.id)).toEqual([
      { action: 'update', oldState: { member: null }, newState: { member: named } },
    ]);
    const out = await s.request('DELETE', `/api/call_center/teams/${second.id}/members/${agent.id}`, { token: admin });
    expect(out.status).toBe(200);
    expect((await entries('teams', second.id)).at(-1)).toEqual({
      action: 'update',
      oldState: { member: named },
      newState: { member: null },
    });
    // The agent's own form: the same entry on the team.
    const back = await s.request('PATCH', `/api/call_center/agents/${agent.id}`, {
      token: admin,
      body: { team: { id: first } },
    });
    expect(back.status).toBe(200);
    expect((await entries('teams', first)).at(-1)).toMatchObject({ newState: { member: named } });
  });

  it('writes an entry on the supervisor for each subordinate added or removed', async () => {
    const boss = await makeAgent(s, admin, { isSupervisor: true });
    const agent = await makeAgent(s, admin);
    const named = { id: agent.id, name: agent.name };
    const path = `/api/call_center/agents/${boss.id}/subordinates/${agent.id}`;
    expect((await s.request('PUT', path, { token: admin })).status).toBe(200);
    expect((await s.request('DELETE', path, { token: admin })).status).toBe(200);
    const log = (await entries('agents', boss.id)).filter((e) => e.newState && 'subordinate' in e.newState);
    expect(log).toEqual([
      { action: 'update', oldState: { subordinate: null }, newState: { subordinate: named } },
      { action: 'update', oldState: { subordinate: named }, newState: { subordinate: null } },
    ]);
  });

  it('creates no token when its entry of the trail cannot be written', async () => {
    const usage = unique('atomic ');
    await s.ctx.db.execute(
      sql.raw(`create or replace function refuse_token_entry() returns trigger language plpgsql as $$
      begin if new.object = 'tokens' then raise exception 'trail refused'; end if; return new; end $$`),
    );
    await s.ctx.db.execute(
      sql.raw(`create trigger refuse_token_entry before insert on logger_entries
        for each row execute function refuse_token_entry()`),
    );
    try {
      const res = await s.request('POST', `/api/users/${s.adminId}/tokens`, { token: admin, body: { usage } });
      expect(res.status).toBe(500);
    } finally {
      await s.ctx.db.execute(sql.raw('drop trigger refuse_token_entry on logger_entries'));
    }
    const rows = await queryRows(s.ctx.db, sql`select 1 from auth_tokens where usage = ${usage}`);
    expect(rows).toEqual([]);
  });
});
