import { INVALID_REGEX_MESSAGE, messages } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeActor, unique } from './helpers.js';

type Rule = { id: number; name: string; position: number; disabled: boolean };

describe.each(drivers())('flows, dialplan and chat plans on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const call = (method: string, path: string, body?: unknown, query?: Record<string, unknown>, as = token) =>
    s.request(method, path, { token: as, body, query });
  const newFlow = async (extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/routing/schema', {
      name: unique('flow '),
      schema: [{ answer: {} }],
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; name: string; schema: unknown; updatedAt: string };
  };

  describe('flows', () => {
    it('answers the schema as sent, defaults to [] and voice, and parses schema text', async () => {
      const plain = await call('POST', '/api/routing/schema', { name: unique('plain') });
      expect(plain.status).toBe(201);
      expect(plain.body).toMatchObject({ schema: [], type: 'voice', editor: false, tags: [], payload: {} });
      const text = await call('POST', '/api/routing/schema', {
        name: unique('text'),
        schema: '[{"if": {"expression": "a == 1", "then": [{"hangup": {}}]}}]',
      });
      expect(text.status).toBe(201);
      expect(text.body.schema).toEqual(JSON.parse('[{"if": {"expression": "a == 1", "then": [{"hangup": {}}]}}]'));
    });

    it('refuses schema text that is not JSON with "JSON is invalid" and saves nothing', async () => {
      const name = unique('broken');
      const res = await call('POST', '/api/routing/schema', { name, schema: '[{"answer": {}' });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'schema', message: messages.json }]);
      expect((await call('GET', '/api/routing/schema', undefined, { name })).body.items).toEqual([]);

      const flow = await newFlow();
      const put = await call('PUT', `/api/routing/schema/${flow.id}`, { name: 'changed', schema: 'nope' });
      expect(put.status).toBe(400);
      expect(put.body.fields[0]).toEqual({ field: 'schema', message: messages.json });
      const after = await call('GET', `/api/routing/schema/${flow.id}`);
      expect(after.body).toEqual(flow);
      expect((await call('GET', `/api/routing/schema/${flow.id}/versions`)).body.items).toEqual([]);
    });

    it('keeps the previous schema on every save that changes it, and restores a version', async () => {
      const flow = await newFlow({ schema: [{ answer: {} }] });
      const v2 = [{ answer: {} }, { hangup: {} }];
      const v3 = [{ playback: { files: [] } }];
      expect((await call('PUT', `/api/routing/schema/${flow.id}`, { name: flow.name, schema: v2 })).status).toBe(200);
      expect((await call('PATCH', `/api/routing/schema/${flow.id}`, { schema: v3 })).status).toBe(200);
      // A save that changes other fields only keeps no version.
      expect((await call('PATCH', `/api/routing/schema/${flow.id}`, { name: `${flow.name} x` })).status).toBe(200);
      const versions = await call('GET', `/api/routing/schema/${flow.id}/versions`);
      expect(versions.status).toBe(200);
      expect(versions.body.items.map((v: { version: number; schema: unknown }) => [v.version, v.schema])).toEqual([
        [2, v2],
        [1, [{ answer: {} }]],
      ]);
      expect(versions.body.items[0].savedBy).toEqual({ id: s.adminId, name: expect.any(String) });
      expect(Date.parse(versions.body.items[0].savedAt)).not.toBeNaN();
      const paged = await call('GET', `/api/routing/schema/${flow.id}/versions`, undefined, { size: 1, page: 2 });
      expect(paged.body).toMatchObject({ items: [{ version: 1 }], next: false });

      const first = versions.body.items[1].id;
      const restored = await call('POST', `/api/routing/schema/${flow.id}/versions/${first}/restore`);
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(restored.body.schema).toEqual([{ answer: {} }]);
      const after = await call('GET', `/api/routing/schema/${flow.id}/versions`);
      expect(after.body.items[0]).toMatchObject({ version: 3, schema: v3 });

      expect((await call('POST', `/api/routing/schema/${flow.id}/versions/999999/restore`)).status).toBe(404);
      const other = await newFlow();
      expect((await call('POST', `/api/routing/schema/${other.id}/versions/${first}/restore`)).status).toBe(404);
    });

    it('hides versions from another domain, and lets any user of the domain restore (flows get full rxwd)', async () => {
      const flow = await newFlow();
      await call('PATCH', `/api/routing/schema/${flow.id}`, { schema: [] });
      const other = (await s.createDomain(unique('flowtenant'))).adminToken;
      expect((await call('GET', `/api/routing/schema/${flow.id}/versions`, undefined, {}, other)).status).toBe(404);
      const nobody = await makeActor(s, token);
      const [v] = (await call('GET', `/api/routing/schema/${flow.id}/versions`, undefined, {}, nobody.token)).body
        .items;
      const restored = await call(
        'POST',
        `/api/routing/schema/${flow.id}/versions/${v.id}/restore`,
        undefined,
        {},
        nobody.token,
      );
      expect(restored.status).toBe(200);
      const again = await call('POST', `/api/routing/schema/${flow.id}/versions/${v.id}/restore`, undefined, {}, other);
      expect(again.status).toBe(404);
    });

    it('filters by name, type and tags, and searches the domain tags', async () => {
      const mark = unique('ft').toLowerCase();
      const a = await newFlow({ name: `${mark} alpha`, type: 'chat', tags: [`${mark}-sales`, `${mark}-vip`] });
      const b = await newFlow({ name: `${mark} beta`, type: 'service', tags: [`${mark}-support`] });
      const c = await newFlow({ name: `${mark} gamma`, type: 'voice', tags: [] });
      const ids = async (query: Record<string, unknown>) =>
        (await call('GET', '/api/routing/schema', undefined, { size: 100, q: `${mark}*`, ...query })).body.items
          .map((i: { id: number }) => i.id)
          .sort((x: number, y: number) => x - y);
      expect(await ids({})).toEqual([a.id, b.id, c.id]);
      expect(await ids({ type: 'chat' })).toEqual([a.id]);
      expect(await ids({ type: ['chat', 'voice'] })).toEqual([a.id, c.id]);
      expect(await ids({ tags: [`${mark}-vip`, `${mark}-support`] })).toEqual([a.id, b.id]);
      expect(await ids({ tags: `${mark}-support`, type: 'chat' })).toEqual([]);
      expect(await ids({ name: `${mark} b*` })).toEqual([b.id]);
      expect(await ids({ name: `${mark.toUpperCase()} GAMMA` })).toEqual([c.id]);
      const bad = await call('GET', '/api/routing/schema', undefined, { type: 'video' });
      expect(bad.status).toBe(400);
      expect(bad.body.fields[0].field).toBe('type');

      const tags = await call('GET', '/api/routing/schema/tags', undefined, { q: `${mark}-s*` });
      expect(tags.status).toBe(200);
      expect(tags.body).toEqual({ items: [{ name: `${mark}-sales` }, { name: `${mark}-support` }], next: false });
      const page1 = await call('GET', '/api/routing/schema/tags', undefined, { q: mark, size: 2 });
      expect(page1.body).toMatchObject({ items: [{ name: `${mark}-sales` }, { name: `${mark}-support` }], next: true });
      const page2 = await call('GET', '/api/routing/schema/tags', undefined, { q: mark, size: 2, page: 2 });
      expect(page2.body).toEqual({ items: [{ name: `${mark}-vip` }], next: false });
      const other = (await s.createDomain(unique('tagtenant'))).adminToken;
      expect((await call('GET', '/api/routing/schema/tags', undefined, { q: mark }, other)).body.items).toEqual([]);
    });

    it('refuses to delete or retype a flow a dialplan rule or chat plan runs, naming where it is used', async () => {
      const voice = await newFlow({ type: 'voice' });
      const rule = await call('POST', '/api/routing/outbound/calls', {
        name: unique('uses'),
        schema: { id: voice.id },
        pattern: '.',
      });
      expect(rule.status).toBe(201);
      const del = await call('DELETE', `/api/routing/schema/${voice.id}`);
      expect(del.status).toBe(409);
      expect(del.body).toMatchObject({ key: 'errors.flowInUse', params: { names: `"${rule.body.name}"` } });
      expect(del.body.detail).toContain(`used by "${rule.body.name}" (outbound routes`);
      const retype = await call('PATCH', `/api/routing/schema/${voice.id}`, { type: 'chat' });
      expect(retype.status).toBe(409);
      expect((await call('GET', `/api/routing/schema/${voice.id}`)).body.type).toBe('voice');
      expect((await call('DELETE', `/api/routing/outbound/calls/${rule.body.id}`)).status).toBe(200);
      expect((await call('DELETE', `/api/routing/schema/${voice.id}`)).status).toBe(200);
    });
  });

  describe('dialplan', () => {
    let voice: { id: number; name: string };
    beforeAll(async () => {
      voice = await newFlow({ type: 'voice' });
      // Start from an empty dialplan so positions are this test's own.
      const all = (await call('GET', '/api/routing/outbound/calls', undefined, { size: 1000 })).body.items;
      if (all.length)
        await call('DELETE', '/api/routing/outbound/calls', undefined, { id: all.map((r: Rule) => r.id) });
    });
    const rule = async (name: string, pattern: string, disabled = false) => {
      const res = await call('POST', '/api/routing/outbound/calls', {
        name,
        schema: { id: voice.id },
        pattern,
        disabled,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as Rule;
    };
    const order = async () =>
      (await call('GET', '/api/routing/outbound/calls', undefined, { size: 1000 })).body.items.map(
        (r: Rule) => `${r.position}:${r.name}`,
      );

    it('answers the flow as {id, name} and refuses a missing, foreign or chat flow', async () => {
      const r = await rule(unique('ref'), '^1');
      expect(r).toMatchObject({ schema: { id: voice.id, name: voice.name } });
      const chat = await newFlow({ type: 'chat' });
      const wrong = await call('POST', '/api/routing/outbound/calls', {
        name: 'x',
        schema: { id: chat.id },
        pattern: '.',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields[0]).toMatchObject({
        field: 'schema',
        message: 'The flow must be of type voice.',
        key: 'errors.refFilter',
      });
      const missing = await call('POST', '/api/routing/outbound/calls', {
        name: 'x',
        schema: { id: 999999 },
        pattern: '.',
      });
      expect(missing.status).toBe(400);
      expect(missing.body.fields[0]).toMatchObject({
        field: 'schema',
        message: 'No such flow exists.',
        key: 'errors.noSuchRef',
      });
      const other = (await s.createDomain(unique('dptenant'))).adminToken;
      const foreign = await call(
        'POST',
        '/api/routing/outbound/calls',
        { name: 'x', schema: { id: voice.id }, pattern: '.' },
        {},
        other,
      );
      expect(foreign.status).toBe(400);
      await call('DELETE', `/api/routing/outbound/calls/${r.id}`);
    });

    it('validates the pattern as a regular expression', async () => {
      for (const pattern of ['^(12', '[a-', '*1', '(?<n>1']) {
        const res = await call('POST', '/api/routing/outbound/calls', { name: 'x', schema: { id: voice.id }, pattern });
        expect(res.status, pattern).toBe(400);
        expect(res.body.fields).toEqual([{ field: 'pattern', message: INVALID_REGEX_MESSAGE }]);
      }
      expect((await order()).length).toBe(0);
    });

    it('appends new rules, moves both ways with the rules between shifting, and closes gaps on delete', async () => {
      const [a, b, c, d] = [await rule('A', '^1'), await rule('B', '^2'), await rule('C', '^3'), await rule('D', '^4')];
      expect(await order()).toEqual(['1:A', '2:B', '3:C', '4:D']);
      const down = await call('PATCH', `/api/routing/outbound/calls/${a.id}/to/${c.id}`);
      expect(down.status, JSON.stringify(down.body)).toBe(200);
      expect(down.body).toMatchObject({ id: a.id, position: 3 });
      expect(await order()).toEqual(['1:B', '2:C', '3:A', '4:D']);
      expect((await call('PATCH', `/api/routing/outbound/calls/${d.id}/to/${b.id}`)).status).toBe(200);
      expect(await order()).toEqual(['1:D', '2:B', '3:C', '4:A']);
      expect((await call('PATCH', `/api/routing/outbound/calls/${c.id}/to/${c.id}`)).status).toBe(200);
      expect(await order()).toEqual(['1:D', '2:B', '3:C', '4:A']);
      expect((await call('PATCH', `/api/routing/outbound/calls/${c.id}/to/999999`)).status).toBe(404);
      expect((await call('PATCH', `/api/routing/outbound/calls/abc/to/${c.id}`)).status).toBe(400);
      const other = (await s.createDomain(unique('mvtenant'))).adminToken;
      expect((await call('PATCH', `/api/routing/outbound/calls/${a.id}/to/${b.id}`, undefined, {}, other)).status).toBe(
        404,
      );
      const reader = await makeActor(s, token, { grants: { acr_routing: 'r' } });
      expect(
        (await call('PATCH', `/api/routing/outbound/calls/${a.id}/to/${b.id}`, undefined, {}, reader.token)).status,
      ).toBe(403);
      // PUT keeps the position.
      const put = await call('PUT', `/api/routing/outbound/calls/${b.id}`, {
        name: 'B2',
        schema: { id: voice.id },
        pattern: '^2',
      });
      expect(put.body.position).toBe(2);
      expect((await call('DELETE', `/api/routing/outbound/calls/${b.id}`)).status).toBe(200);
      expect(await order()).toEqual(['1:D', '2:C', '3:A']);
      await call('DELETE', '/api/routing/outbound/calls', undefined, { id: [a.id, c.id, d.id] });
      expect(await order()).toEqual([]);
    });

    it('tests a number: the first enabled rule by position whose pattern matches, or none', async () => {
      const off = await rule('off', '^\\+?1', true);
      const us = await rule('us', '^\\+?1\\d{10}$');
      const any1 = await rule('any1', '^1');
      await rule('all', '.*');
      const match = async (number: string) =>
        (await call('GET', '/api/routing/outbound/calls/match', undefined, { number })).body.item?.name ?? null;
      expect(await match('12025550100')).toBe('us');
      expect(await match('123')).toBe('any1');
      expect(await match('999')).toBe('all');
      const hit = await call('GET', '/api/routing/outbound/calls/match', undefined, { number: '+12025550100' });
      expect(hit.body.item).toEqual({
        id: us.id,
        name: 'us',
        pattern: '^\\+?1\\d{10}$',
        position: 2,
        schema: { id: voice.id, name: voice.name },
      });
      // Moving a rule changes which one matches first.
      await call('PATCH', `/api/routing/outbound/calls/${any1.id}/to/${us.id}`);
      expect(await match('12025550100')).toBe('any1');
      // Enabling the disabled first rule makes it win.
      await call('PATCH', `/api/routing/outbound/calls/${off.id}`, { disabled: false });
      expect(await match('12025550100')).toBe('off');
      const none = await call('DELETE', '/api/routing/outbound/calls', undefined, {
        id: (await call('GET', '/api/routing/outbound/calls')).body.items.map((r: Rule) => r.id),
      });
      expect(none.status).toBe(200);
      expect(await match('12025550100')).toBeNull();
      const empty = await call('GET', '/api/routing/outbound/calls/match', undefined, { number: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.fields[0]).toEqual({ field: 'number', message: messages.required });
    });

    it('stops a catastrophically backtracking pattern and goes on to the next rule', async () => {
      await rule('slow', '^(\\d+)+$');
      await rule('fallback', '.');
      const res = await call('GET', '/api/routing/outbound/calls/match', undefined, { number: `${'1'.repeat(40)}#` });
      expect(res.status).toBe(200);
      expect(res.body.item.name).toBe('fallback');
    });

    it('answers other requests while slow patterns are tested, and stops the call at its budget', async () => {
      // Rules of their own domain, so none of the rules above matches first.
      const other = await s.createDomain(unique('dp').toLowerCase());
      const flow = await call(
        'POST',
        '/api/routing/schema',
        { name: 'dp flow', type: 'voice', schema: [] },
        undefined,
        other.adminToken,
      );
      for (let i = 0; i < 12; i++) {
        const made = await call(
          'POST',
          '/api/routing/outbound/calls',
          { name: `slow ${i}`, schema: { id: flow.body.id }, pattern: `^(\\d+)+${i}$` },
          undefined,
          other.adminToken,
        );
        expect(made.status).toBe(201);
      }
      const finished: string[] = [];
      const tester = call(
        'GET',
        '/api/routing/outbound/calls/match',
        undefined,
        { number: `${'1'.repeat(40)}#` },
        other.adminToken,
      ).then((res) => {
        finished.push('tester');
        return res;
      });
      await new Promise((r) => setTimeout(r, 100));
      const health = await s.request('GET', '/api/health');
      finished.push('health');
      expect(health.status).toBe(200);
      const res = await tester;
      // Twelve patterns of 250 ms each exceed the 2 s budget: the call is stopped and says so.
      expect(res.status).toBe(422);
      expect(res.body.id).toBe('app.dialplan.tester_timeout');
      expect(finished).toEqual(['health', 'tester']);
    });
  });

  describe('chat plans', () => {
    it('defaults to enabled, toggles by PATCH and refuses a voice flow', async () => {
      const chat = await newFlow({ type: 'chat' });
      const created = await call('POST', '/api/routing/outbound/chat', { name: unique('cp'), schema: { id: chat.id } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ enabled: true, description: '', schema: { id: chat.id, name: chat.name } });
      const off = await call('PATCH', `/api/routing/outbound/chat/${created.body.id}`, { enabled: false });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ enabled: false, name: created.body.name });
      expect((await call('GET', `/api/routing/outbound/chat/${created.body.id}`)).body.enabled).toBe(false);
      const voice = await newFlow({ type: 'voice' });
      const wrong = await call('PATCH', `/api/routing/outbound/chat/${created.body.id}`, { schema: { id: voice.id } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields[0]).toMatchObject({
        field: 'schema',
        message: 'The flow must be of type chat.',
        key: 'errors.refFilter',
      });
      const del = await call('DELETE', `/api/routing/schema/${chat.id}`);
      expect(del.status).toBe(409);
      expect(del.body.detail).toContain(`"${created.body.name}"`);
    });
  });
});
