import { BULK_ADDED, MEMBER_COMMUNICATIONS_MAX, importTemplateMessages as m, messages } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../../src/db/raw.js';
import { drivers, useTestServer } from '../harness.js';
import { importCsv, uploadImport } from '../imports.js';
import { makeImportQueue } from '../resources/fixtures-import-templates.js';
import { unique } from '../resources/helpers.js';

const PATH = '/api/storage/import_templates';

type Member = {
  name: string;
  priority: number;
  bucket_id: number | null;
  timezone: string | null;
  communications: { destination: string; type: { id: number }; priority: number; dtmf: string }[];
  destinations: string[];
  variables: Record<string, string>;
  expire_at: string;
};

describe.each(drivers())('CSV import templates on %s', (driver) => {
  // Every record it reads is found by its own queue: a shared server does.
  const s = useTestServer(driver, { jobs: { pollingIntervalSeconds: 0.5 } });
  let token: string;
  let phone = 0;
  let email = 0;
  let bucket = 0;

  beforeAll(async () => {
    token = s.adminToken;
    const type = async (code: string, channel: string) => {
      const res = await s.request('POST', '/api/call_center/communication_type', {
        token,
        body: { name: unique(`${code} `), code, channel },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    phone = await type('tplphone', 'phone');
    email = await type('tplmail', 'email');
    const b = await s.request('POST', '/api/call_center/buckets', { token, body: { name: 'vip bucket' } });
    expect(b.status).toBe(201);
    bucket = b.body.id;
  });

  const mappings = (more: Record<string, unknown> = {}) => ({
    name: 'name',
    destination: ['phone', 'mail'],
    code: ['type', 'mailtype'],
    variables: ['city'],
    bucketId: 'bucket',
    priority: 'prio',
    ...more,
  });
  const body = (queue: number, more: Record<string, unknown> = {}, params: Record<string, unknown> = {}) => ({
    name: unique('template '),
    source: { id: queue },
    parameters: { mappings: mappings(), ...params },
    ...more,
  });
  async function template(params: Record<string, unknown> = {}, queue?: number) {
    const q = queue ?? (await makeImportQueue(s, token));
    const res = await s.request('POST', PATH, { token, body: body(q, {}, params) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as number, queue: q };
  }
  const members = (queue: number) =>
    rawQuery<Member>(
      s.ctx.raw!,
      `select name, priority, bucket_id, timezone, communications, destinations, variables, expire_at::text
       from cc_queue_members where queue_id = $1 order by id`,
      [queue],
    );
  const run = (id: number, csv: string, options: Record<string, string> = {}) =>
    importCsv(s, token, `/storage/import_templates/${id}`, csv, options);

  const HEADER = 'name,phone,type,mail,mailtype,city,bucket,prio';
  const file = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;

  describe('validation', () => {
    it('applies the defaults: utf-8, comma, skip headers on, no clearing', async () => {
      const q = await makeImportQueue(s, token);
      const res = await s.request('POST', PATH, { token, body: body(q) });
      expect(res.status).toBe(201);
      expect(res.body.parameters).toMatchObject({
        charset: 'utf-8',
        separator: ',',
        skipHeaders: true,
        clearMembers: false,
      });
      expect(res.body.source).toMatchObject({ id: q });
      expect(res.body.sourceType).toBe('queue');
      expect(res.body.sourceQueueType).toBe(2);
    });

    it.each([
      ['name', { name: '' }, 'parameters.mappings.name', messages.required],
      ['destination', { destination: [] }, 'parameters.mappings.destination', messages.required],
      ['code', { code: [] }, 'parameters.mappings.code', messages.required],
      ['code per destination', { code: ['type'] }, 'parameters.mappings.code', m.codesPerDestination],
      [
        'at most 20 destinations',
        {
          destination: Array.from({ length: 21 }, (_, i) => `d${i}`),
          code: Array.from({ length: 21 }, (_, i) => `c${i}`),
        },
        'parameters.mappings.destination',
        m.tooManyColumns,
      ],
    ])('requires the %s mapping', async (_rule, change, field, message) => {
      const q = await makeImportQueue(s, token);
      const res = await s.request('POST', PATH, { token, body: body(q, {}, { mappings: mappings(change) }) });
      expect(res.status).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining({ field, message }));
    });

    it('updates a template (the queue is checked inside the write)', async () => {
      const q = await makeImportQueue(s, token);
      const made = await s.request('POST', PATH, { token, body: body(q) });
      const res = await s.request('PUT', `${PATH}/${made.body.id}`, {
        token,
        body: body(q, { name: made.body.name }, { separator: ';', clearMembers: true }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.parameters).toMatchObject({ separator: ';', clearMembers: true });
      const inbound = await makeImportQueue(s, token, 1);
      const refused = await s.request('PUT', `${PATH}/${made.body.id}`, { token, body: body(inbound) });
      expect(refused.status).toBe(409);
    });

    it('checks charset and separator', async () => {
      const q = await makeImportQueue(s, token);
      const res = await s.request('POST', PATH, {
        token,
        body: body(q, {}, { charset: 'ebcdic', separator: '#' }),
      });
      expect(res.status).toBe(400);
      const fields = (res.body.fields as { field: string }[]).map((f) => f.field);
      expect(fields).toEqual(expect.arrayContaining(['parameters.charset', 'parameters.separator']));
    });

    it.each([
      [1, 'inbound'],
      [6, 'chat inbound'],
    ])('refuses a queue of type %i, naming the type', async (type, name) => {
      const q = await makeImportQueue(s, token, type);
      const res = await s.request('POST', PATH, { token, body: body(q) });
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain(`its type is ${name}.`);
      expect(res.body.fields[0].field).toBe('source');
    });
  });

  describe('running a template', () => {
    it('imports members: communications paired by position, variables by header, defaults', async () => {
      const t = await template();
      const { item, errors } = await run(
        t.id,
        file('Ann,+380441,tplphone,ann@x.io,tplmail,Kyiv,vip bucket,5', 'Bob,+380442,TPLPHONE,,,Lviv,,'),
      );
      expect(errors).toEqual([]);
      expect(item).toMatchObject({ state: 'done', rowsRead: 2, rowsLoaded: 2, rowsFailed: 0, rowsSkipped: 0 });
      const rows = await members(t.queue);
      expect(rows.map((r) => r.name)).toEqual(['Ann', 'Bob']);
      expect(rows[0]).toMatchObject({ priority: 5, bucket_id: bucket, variables: { city: 'Kyiv' } });
      expect(rows[0].destinations).toEqual(['+380441', 'ann@x.io']);
      expect(rows[0].communications.map((c) => c.type.id)).toEqual([phone, email]);
      expect(rows[1]).toMatchObject({ priority: 0, bucket_id: null, destinations: ['+380442'] });
      // Spec part 2 section 9: a member expires in 7 days unless the file says otherwise.
      const days = (Date.parse(rows[1].expire_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
    });

    const withBad = file('Ann,+380451,tplphone,,,,,', 'Bad,+380452,nosuch,,,,,', 'Cid,+380453,tplphone,,,,,');

    it('dry run: reports the bad row, loads nothing', async () => {
      const t = await template();
      const { item, errors } = await run(t.id, withBad, { mode: 'dry' });
      expect(item).toMatchObject({ state: 'done', rowsRead: 3, rowsFailed: 1, rowsLoaded: 0 });
      expect(errors).toEqual([{ line: 3, field: 'code', message: `${m.unknownCode}: nosuch` }]);
      expect(await members(t.queue)).toEqual([]);
    });

    it('all: one bad row loads nothing', async () => {
      const t = await template();
      const { item, errors } = await run(t.id, withBad, { mode: 'all' });
      expect(item).toMatchObject({ state: 'failed', errorKey: 'errors.importRowsRefused', rowsLoaded: 0 });
      expect(errors).toHaveLength(1);
      expect(await members(t.queue)).toEqual([]);
    });

    it('skip: loads the good rows, reports the bad one', async () => {
      const t = await template();
      const { item, errors } = await run(t.id, withBad, { mode: 'skip' });
      expect(item).toMatchObject({ state: 'done', rowsLoaded: 2, rowsFailed: 1 });
      expect(errors.map((e) => e.line)).toEqual([3]);
      expect((await members(t.queue)).map((r) => r.name)).toEqual(['Ann', 'Cid']);
    });

    it('reports a row without a destination, a bad priority and an unknown bucket', async () => {
      const t = await template();
      const { errors } = await run(
        t.id,
        file('Nobody,,,,,,,', 'Neg,+380461,tplphone,,,,,-1', 'B,+380462,tplphone,,,,gold,'),
        {
          mode: 'dry',
        },
      );
      expect(errors).toEqual([
        { line: 2, field: 'destination', message: m.noDestination },
        { line: 3, field: 'priority', message: `${messages.min} 0` },
        { line: 4, field: 'bucketId', message: `${m.noSuchBucket}: gold` },
      ]);
    });

    it('fails as a whole when a mapped column is not in the file', async () => {
      const t = await template({ mappings: mappings({ variables: ['region'] }) });
      const { item, errors } = await run(t.id, file('Ann,+380471,tplphone,,,,,'));
      expect(item).toMatchObject({ state: 'failed', errorKey: 'errors.importHeader' });
      expect(errors).toEqual([{ line: 1, field: 'mappings.variables.0', message: `${m.noSuchColumn}: region` }]);
    });

    it('reads columns by number without a header row, with another separator', async () => {
      const t = await template({
        skipHeaders: false,
        separator: ';',
        mappings: { name: '2', destination: ['1'], code: ['3'] },
      });
      const { item } = await run(t.id, '+380481;Dan;tplphone\n+380482;Eve;tplphone\n');
      expect(item).toMatchObject({ state: 'done', rowsLoaded: 2 });
      expect((await members(t.queue)).map((r) => [r.name, r.destinations[0]])).toEqual([
        ['Dan', '+380481'],
        ['Eve', '+380482'],
      ]);
    });

    describe('duplicate destinations', () => {
      const second = file(
        'Old again,+380491,tplphone,,,,,',
        'New,+380492,tplphone,,,,,',
        'New twice,+380493,tplphone,+380492,tplphone,,,',
      );
      async function seeded() {
        const t = await template();
        const first = await run(t.id, file('Old,+380491,tplphone,,,,,'));
        expect(first.item.rowsLoaded).toBe(1);
        return t;
      }

      it('skip (the default): leaves out and reports rows of known destinations', async () => {
        const t = await seeded();
        const { item, errors } = await run(t.id, second, { mode: 'all' });
        expect(item).toMatchObject({ state: 'done', rowsLoaded: 1, rowsSkipped: 2, rowsFailed: 0 });
        expect(errors).toEqual([
          { line: 2, field: 'destination', message: m.destinationTaken },
          { line: 4, field: 'destination', message: m.destinationRepeated.replace('{{line}}', '3') },
        ]);
        expect((await members(t.queue)).map((r) => r.name)).toEqual(['Old', 'New']);
      });

      it('update: replaces the member, the last row of a destination wins', async () => {
        const t = await seeded();
        const { item, errors } = await run(t.id, second, { duplicates: 'update' });
        expect(item).toMatchObject({ state: 'done', rowsLoaded: 2, rowsSkipped: 1 });
        expect(errors).toEqual([
          { line: 3, field: 'destination', message: m.destinationReplaced.replace('{{line}}', '4') },
        ]);
        const rows = await members(t.queue);
        expect(rows.map((r) => r.name)).toEqual(['Old again', 'New twice']);
        expect(rows[1].destinations).toEqual(['+380493', '+380492']);
      });

      it('allow: every row is a new member', async () => {
        const t = await seeded();
        const { item } = await run(t.id, second, { duplicates: 'allow' });
        expect(item).toMatchObject({ state: 'done', rowsLoaded: 3, rowsSkipped: 0 });
        expect(await members(t.queue)).toHaveLength(4);
      });

      it('refuses another policy', async () => {
        const t = await template();
        const up = await uploadImport(s, token, `/storage/import_templates/${t.id}`, second, { duplicates: 'merge' });
        expect(up.status).toBe(400);
        expect(up.body.fields?.[0].field).toBe('duplicates');
      });
    });

    it('clearMembers: deletes the queue members first (a dry run keeps them)', async () => {
      const q = await makeImportQueue(s, token);
      const keep = await template({}, q);
      await run(keep.id, file('Old,+380501,tplphone,,,,,', 'Older,+380502,tplphone,,,,,'));
      const clear = await template({ clearMembers: true }, q);
      await run(clear.id, file('Fresh,+380501,tplphone,,,,,'), { mode: 'dry' });
      expect(await members(q)).toHaveLength(2);
      const { item } = await run(clear.id, file('Fresh,+380501,tplphone,,,,,'));
      // The old member's destination does not count once the members are gone.
      expect(item).toMatchObject({ state: 'done', rowsLoaded: 1, rowsSkipped: 0 });
      expect((await members(q)).map((r) => r.name)).toEqual(['Fresh']);
    });

    it('refuses a run into an inbound queue, naming the type', async () => {
      const t = await template();
      // The type of a queue is fixed once created; a template of a queue whose type takes no imports
      // can only come from before that rule, so the run checks it again.
      await rawQuery(s.ctx.raw!, 'update cc_queues set type = 1 where id = $1', [t.queue]);
      const up = await uploadImport(s, token, `/storage/import_templates/${t.id}`, file('A,+1,tplphone,,,,,'));
      expect(up.status).toBe(409);
      expect(up.body.detail).toContain('its type is inbound.');
      expect(await members(t.queue)).toEqual([]);
    });
  });

  describe('POST /call_center/queues/{id}/members/bulk', () => {
    const item = (name: string, destination: string, more: Record<string, unknown> = {}) => ({
      name,
      communications: [{ destination, type: { id: phone } }],
      ...more,
    });
    const bulk = (queue: number, items: unknown[]) =>
      s.request('POST', `/api/call_center/queues/${queue}/members/bulk`, {
        token,
        body: { fileName: 'members.csv', items },
      });

    it('adds every member, "Successfully added"', async () => {
      const q = await makeImportQueue(s, token);
      const res = await bulk(q, [
        item('A', '+1001', { bucket: { id: bucket }, variables: { k: 'v' } }),
        item('B', '+1002'),
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual({ added: 2, message: BULK_ADDED });
      const rows = await members(q);
      expect(rows.map((r) => r.name)).toEqual(['A', 'B']);
      expect(rows[0]).toMatchObject({ bucket_id: bucket, variables: { k: 'v' }, destinations: ['+1001'] });
    });

    it('is all or nothing: one bad item adds none', async () => {
      const q = await makeImportQueue(s, token);
      const bad = { name: 'C', communications: [{ destination: '+1003', type: { id: 999_999 } }] };
      const res = await bulk(q, [item('A', '+1001'), bad]);
      expect(res.status).toBe(400);
      expect(res.body.fields).toContainEqual(
        expect.objectContaining({ field: 'items.1.communications.0.type', key: 'errors.noSuchRef' }),
      );
      expect(await members(q)).toEqual([]);
    });

    it(`caps communications at ${MEMBER_COMMUNICATIONS_MAX}`, async () => {
      const q = await makeImportQueue(s, token);
      const many = (n: number) =>
        Array.from({ length: n }, (_, i) => ({ destination: `+2${String(i).padStart(4, '0')}`, type: { id: phone } }));
      const res = await bulk(q, [{ name: 'Many', communications: many(MEMBER_COMMUNICATIONS_MAX + 1) }]);
      expect(res.status).toBe(400);
      expect(res.body.fields).toContainEqual(
        expect.objectContaining({ field: 'items.0.communications', message: m.tooManyCommunications }),
      );
      const ok = await bulk(q, [{ name: 'Twenty', communications: many(MEMBER_COMMUNICATIONS_MAX) }]);
      expect(ok.status).toBe(201);
    });

    it('refuses an inbound queue with a message naming its type', async () => {
      const q = await makeImportQueue(s, token, 1);
      const res = await bulk(q, [item('A', '+1001')]);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(
        `Members cannot be imported into the queue ${await queueName(q)}: its type is inbound.`,
      );
    });

    const queueName = async (q: number) =>
      (await rawQuery<{ name: string }>(s.ctx.raw!, 'select name from cc_queues where id = $1', [q]))[0].name;
  });
});
