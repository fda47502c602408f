import { importTemplateMessages, queueMembersPath } from '@switchboard/model';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { importCsv } from '../imports.js';
import { makeResource } from '../resources/fixtures-cc-resources.js';
import { makeImportQueue } from '../resources/fixtures-import-templates.js';
import { type Actor, makeActor, setRbac, unique } from '../resources/helpers.js';

type Body = Record<string, unknown>;
type Ref = { id: number; name?: string };

/**
 * Per-record access through references: a caller with the class rights but no record right on a
 * referenced record (rbac on its class) can neither make the reference (refused as a record that
 * does not exist, naming the field) nor read its name, by any path: single, bulk and import
 * writes; lists, items and exports.
 */
describe.each(drivers())('references to records the caller may not read on %s', (driver) => {
  const s = useTestServer(driver, { jobs: { pollingIntervalSeconds: 0.5 } });
  let admin: string;
  let actor: Actor;
  const code = unique('ra').toLowerCase();
  let type = 0;
  const hidden = { resource: 0, team: 0, bucket: 0, user: 0 };
  const shown = { resource: 0, team: 0, bucket: 0, user: 0 };
  const names: Record<string, string> = {};
  let queue = 0;

  const post = async (path: string, body: unknown, token = admin) => {
    const res = await s.request('POST', `/api${path}`, { token, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body as Body & { id: number };
  };
  const grantRead = async (path: string, id: number) => {
    const res = await s.request('PATCH', `/api${path}/${id}/acl`, {
      token: admin,
      body: [{ grantee: { id: actor.roleId }, grants: 'r' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    admin = s.adminToken;
    for (const cls of ['cc_resource', 'cc_team', 'cc_bucket', 'users']) await setRbac(s, admin, cls, true);
    // The agents themselves are readable: what is hidden is what they refer to.
    await setRbac(s, admin, 'cc_agent', false);
    actor = await makeActor(s, admin, {
      grants: {
        cc_queue: 'rxwd',
        cc_agent: 'rxwd',
        cc_team: 'r',
        cc_resource: 'r',
        cc_bucket: 'r',
        users: 'r',
        import_template: 'rxwd',
      },
    });
    type = (await post('/call_center/communication_type', { name: unique('ra type '), code, channel: 'phone' })).id;
    for (const [key, target] of [
      ['hidden', hidden],
      ['shown', shown],
    ] as const) {
      target.resource = await makeResource(s, admin);
      const team = await post('/call_center/teams', { name: unique(`${key} team `) });
      const bucket = await post('/call_center/buckets', { name: unique(`${key} bucket `) });
      const user = await post('/users', {
        username: unique(`${key}user`),
        password: 'Secret-pass-1',
        name: unique(`${key} user `),
      });
      target.team = team.id;
      target.bucket = bucket.id;
      target.user = user.id;
      names[`${key}.team`] = team.name as string;
      names[`${key}.bucket`] = bucket.name as string;
    }
    await grantRead('/call_center/resources', shown.resource);
    await grantRead('/call_center/teams', shown.team);
    await grantRead('/call_center/buckets', shown.bucket);
    await grantRead('/users', shown.user);
    queue = await makeImportQueue(s, admin);
  });

  const members = () => `/api${queueMembersPath(queue)}`;
  let phones = 0;
  const phone = () => `+1555${String(++phones).padStart(7, '0')}`;
  const member = (extra: Body = {}, resource?: number) => ({
    name: unique('ra member '),
    communications: [{ destination: phone(), type: { id: type }, ...(resource ? { resource: { id: resource } } : {}) }],
    ...extra,
  });
  const fieldsOf = (body: { fields?: { field: string; key?: string }[] }) =>
    (body.fields ?? []).map((f) => `${f.field}:${f.key ?? ''}`);

  it('refuses a member whose resource or bucket the caller may not read, as one that does not exist', async () => {
    const create = (body: Body) => s.request('POST', members(), { token: actor.token, body });
    const unreadable = await create(member({}, hidden.resource));
    const missing = await create(member({}, 2_000_000_000));
    expect(unreadable.status).toBe(400);
    expect(fieldsOf(unreadable.body)).toEqual(['communications.0.resource:errors.noSuchRef']);
    expect(unreadable.body.fields).toEqual(missing.body.fields);
    const bucket = await create(member({ bucket: { id: hidden.bucket } }));
    expect(bucket.status).toBe(400);
    expect(fieldsOf(bucket.body)).toEqual(['bucket:errors.noSuchRef']);
    const ok = await create(member({ bucket: { id: shown.bucket } }, shown.resource));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.communications[0].resource.name).toEqual(expect.any(String));
    expect(ok.body.bucket).toEqual({ id: shown.bucket, name: names['shown.bucket'] });
  });

  it('answers references the caller may not read without their names, in lists, items and exports', async () => {
    const made = await post(queueMembersPath(queue), member({ bucket: { id: hidden.bucket } }, hidden.resource));
    const item = await s.request('GET', `${members()}/${made.id}`, { token: actor.token });
    expect(item.status).toBe(200);
    expect(item.body.bucket).toEqual({ id: hidden.bucket });
    expect(item.body.communications[0].resource).toEqual({ id: hidden.resource });
    const list = await s.request('GET', members(), { token: actor.token, query: { id: made.id } });
    expect(list.body.items[0].bucket).toEqual({ id: hidden.bucket });
    // The administrator reads them all.
    const full = await s.request('GET', `${members()}/${made.id}`, { token: admin });
    expect(full.body.bucket.name).toBe(names['hidden.bucket']);
    // Keeping what the member holds is no new reference: a change of its name passes.
    const renamed = await s.request('PATCH', `${members()}/${made.id}`, {
      token: actor.token,
      body: { name: 'renamed', communications: item.body.communications, bucket: { id: hidden.bucket } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const res = await fetch(`${s.url}${members()}/export.csv?id=${made.id}`, {
      headers: { authorization: `Bearer ${actor.token}` },
    });
    expect(res.status).toBe(200);
    const [row] = parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(row.bucket).toBe(String(hidden.bucket));
    const [c] = item.body.communications;
    // The destination starts with "+": neutralised for spreadsheets like any such cell.
    expect(row.communications).toBe(`'${c.destination} (${c.type.name}, ${hidden.resource})`);
    const adminCsv = await fetch(`${s.url}${members()}/export.csv?id=${made.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const [adminRow] = parse(await adminCsv.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(adminRow.bucket).toBe(names['hidden.bucket']);
  });

  it('refuses members in bulk that name a resource, bucket or agent the caller may not read', async () => {
    const bulk = (items: Body[]) =>
      s.request('POST', `/api/call_center/queues/${queue}/members/bulk`, { token: actor.token, body: { items } });
    const res = await bulk([
      member({ bucket: { id: shown.bucket } }, shown.resource),
      member({ bucket: { id: hidden.bucket } }),
      member({}, hidden.resource),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fieldsOf(res.body).sort()).toEqual([
      'items.1.bucket:errors.noSuchRef',
      'items.2.communications.0.resource:errors.noSuchRef',
    ]);
    const ok = await bulk([member({ bucket: { id: shown.bucket } }, shown.resource)]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('refuses imported rows naming a bucket the caller may not read', async () => {
    const template = await post(
      '/storage/import_templates',
      {
        name: unique('ra template '),
        source: { id: queue },
        parameters: { mappings: { name: 'name', destination: ['phone'], code: ['type'], bucketId: 'bucket' } },
      },
      actor.token,
    );
    const csv = [
      'name,phone,type,bucket',
      `Hidden,${phone()},${code},${names['hidden.bucket']}`,
      `Hidden id,${phone()},${code},${hidden.bucket}`,
      `Shown,${phone()},${code},${names['shown.bucket']}`,
      '',
    ].join('\n');
    const { item, errors } = await importCsv(s, actor.token, `/storage/import_templates/${template.id}`, csv, {
      mode: 'skip',
    });
    expect(item.state).toBe('done');
    expect(item.rowsLoaded).toBe(1);
    expect(errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [2, 'bucketId', `${importTemplateMessages.noSuchBucket}: ${names['hidden.bucket']}`],
      [3, 'bucketId', `${importTemplateMessages.noSuchBucket}: ${hidden.bucket}`],
    ]);
  });

  it('refuses an agent whose team or user the caller may not read, and names neither on read', async () => {
    const create = (body: Body) => s.request('POST', '/api/call_center/agents', { token: actor.token, body });
    const team = await create({ user: { id: shown.user }, team: { id: hidden.team } });
    const missingTeam = await create({ user: { id: shown.user }, team: { id: 2_000_000_000 } });
    expect(team.status).toBe(400);
    expect(fieldsOf(team.body)).toEqual(['team:errors.noSuchRef']);
    expect(team.body.fields).toEqual(missingTeam.body.fields);
    const user = await create({ user: { id: hidden.user }, team: { id: shown.team } });
    expect(user.status).toBe(400);
    expect(fieldsOf(user.body)).toEqual(['user:errors.noSuchRef']);
    // The form's user picker offers only users the caller may read.
    const lookup = await s.request('GET', '/api/call_center/lookups/agents/users', {
      token: actor.token,
      query: { size: 1000 },
    });
    const offered = (lookup.body.items as Ref[]).map((u) => u.id);
    expect(offered).toContain(shown.user);
    expect(offered).not.toContain(hidden.user);

    // An agent the administrator made on the hidden team and user: the caller sees ids only.
    const agent = await post('/call_center/agents', { user: { id: hidden.user }, team: { id: hidden.team } });
    const read = await s.request('GET', `/api/call_center/agents/${agent.id}`, { token: actor.token });
    expect(read.status).toBe(200);
    expect(read.body.team).toEqual({ id: hidden.team });
    expect(read.body.user).toEqual({ id: hidden.user });
    const listed = await s.request('GET', '/api/call_center/agents', { token: actor.token, query: { id: agent.id } });
    expect(listed.body.items[0].team).toEqual({ id: hidden.team });
    expect(listed.body.items[0].user).toEqual({ id: hidden.user });
    const skill = await post('/call_center/skills', { name: unique('ra skill ') });
    await post(`/call_center/agents/${agent.id}/skills`, { skill: { id: skill.id } });
    const skills = await s.request('GET', `/api/call_center/agents/${agent.id}/skills`, { token: actor.token });
    expect(skills.body.items[0].team).toEqual({ id: hidden.team });
    const holders = await s.request('GET', `/api/call_center/skills/${skill.id}/agents`, { token: actor.token });
    expect(holders.body.items[0].team).toEqual({ id: hidden.team });
    const adminView = await s.request('GET', `/api/call_center/skills/${skill.id}/agents`, { token: admin });
    expect(adminView.body.items[0].team).toEqual({ id: hidden.team, name: names['hidden.team'] });

    // Putting an agent into a team the caller may not read: as a team that does not exist.
    const mine = await create({ user: { id: shown.user }, team: { id: shown.team } });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const into = await s.request('PUT', `/api/call_center/teams/${hidden.team}/members/${mine.body.id}`, {
      token: actor.token,
    });
    const nowhere = await s.request('PUT', `/api/call_center/teams/2000000000/members/${mine.body.id}`, {
      token: actor.token,
    });
    expect(into.status).toBe(404);
    expect(into.body).toEqual(nowhere.body);
  });
});
