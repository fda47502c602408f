import { blacklistNumbersPath, queueMembersPath } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeChange } from '../../src/changelog/writer.js';
import { queryRows } from '../../src/db/sql.js';
import { cleanRetention } from '../../src/jobs/cleanup.js';
import { drivers, useTestServer } from '../harness.js';
import { importCsv } from '../imports.js';
import { makeCommunication } from '../resources/fixtures-cc-resources.js';
import { makeImportQueue } from '../resources/fixtures-import-templates.js';
import { unique } from '../resources/helpers.js';

type Entry = { action: string; recordId: number; userId: number; newState: Record<string, unknown> | null };

/**
 * The trail of bulk changes and of the changes made outside the generic routes: one entry on the
 * parent record for a bulk change (what, the filter, how many), an update entry for a single one,
 * and the retention rule for objects without a config.
 */
describe.each(drivers())('change log of bulk and special changes on %s', (driver) => {
  const s = useTestServer(driver, { jobs: { pollingIntervalSeconds: 0.5 } });
  let token: string;
  let type = 0;

  beforeAll(async () => {
    token = s.adminToken;
    for (const object of ['queues', 'users', 'blacklists']) {
      const res = await s.request('POST', '/api/logger/config', { token, body: { object, enabled: true } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    type = await makeCommunication(s, token);
  });

  const entries = (object: string, recordId: number) =>
    queryRows<Entry>(
      s.ctx.db,
      sql`select action, record_id as "recordId", user_id as "userId", new_state as "newState" from logger_entries
          where domain_id = ${s.domainId} and object = ${object} and record_id = ${recordId} order by id`,
    );
  const bulkOf = async (object: string, recordId: number) =>
    (await entries(object, recordId)).flatMap((e) =>
      e.newState?.bulk ? [{ action: e.action, ...e.newState.bulk }] : [],
    );

  let phones = 0;
  const member = (name: string) => ({
    name,
    communications: [{ destination: `+1444${String(++phones).padStart(7, '0')}`, type: { id: type } }],
  });

  it('writes one entry on the queue for members added in bulk, reset, deleted by filter and all', async () => {
    const queue = await makeImportQueue(s, token);
    const added = await s.request('POST', `/api/call_center/queues/${queue}/members/bulk`, {
      token,
      body: { fileName: 'list.csv', items: [member('Ann'), member('Bob'), member('Bea')] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await bulkOf('queues', queue)).toEqual([{ action: 'add', fileName: 'list.csv', count: 3 }]);
    const path = `/api${queueMembersPath(queue)}`;
    const reset = await s.request('PATCH', `${path}/reset`, { token });
    expect(reset.status).toBe(200);
    const byName = await s.request('DELETE', path, { token, query: { q: 'B*' } });
    expect(byName.body.count).toBe(2);
    const all = await s.request('DELETE', path, { token, query: { all: 'true' } });
    expect(all.body.count).toBe(1);
    const log = await bulkOf('queues', queue);
    expect(log.slice(1)).toEqual([
      { action: 'reset', count: reset.body.count },
      { action: 'delete', filter: { q: 'B*' }, count: 2 },
      { action: 'delete', filter: { all: 'true' }, count: 1 },
    ]);
    const rows = (await entries('queues', queue)).filter((e) => e.newState?.bulk);
    expect(rows).toHaveLength(4);
    expect(rows.every((e) => e.action === 'update' && e.userId === s.adminId)).toBe(true);
  });

  it('writes one entry on the blacklist for an import of its numbers, none for a dry run', async () => {
    const list = await s.request('POST', '/api/call_center/list', { token, body: { name: unique('trail list ') } });
    const path = blacklistNumbersPath(list.body.id);
    const dry = await importCsv(s, token, path, 'number\n5551001\n5551002\n', { mode: 'dry' });
    expect(dry.item.state).toBe('done');
    expect(await bulkOf('blacklists', list.body.id)).toEqual([]);
    const run = await importCsv(s, token, path, 'number\n5551001\n5551002\nbad number\n', { mode: 'skip' });
    expect(run.item.rowsLoaded).toBe(2);
    expect(await bulkOf('blacklists', list.body.id)).toEqual([
      expect.objectContaining({
        action: 'import',
        resource: 'blacklistNumbers',
        importId: run.item.id,
        fileName: 'import.csv',
        count: 2,
        failed: 1,
      }),
    ]);
  });

  it('logs a change of presence as an update of the user', async () => {
    const res = await s.request('PATCH', `/api/users/${s.adminId}/presence`, {
      token,
      body: { status: 'dnd', note: 'away' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [last] = (await entries('users', s.adminId)).slice(-1);
    expect(last.action).toBe('update');
    expect(last.newState?.presence).toEqual({ status: 'dnd', note: 'away' });
  });

  it('retention deletes entries of objects without a config, and keeps the security trail', async () => {
    const entry = (object: string, recordId: number) => ({
      domainId: s.domainId,
      object,
      action: 'update' as const,
      userId: s.adminId,
      userIp: '127.0.0.1',
      recordId,
      newState: { x: 1 },
    });
    // A config of teams that logs a change, then goes away.
    const config = await s.request('POST', '/api/logger/config', { token, body: { object: 'teams', enabled: true } });
    await writeChange(s.ctx.db, entry('teams', 424242));
    await writeChange(s.ctx.db, entry('roles', 424242));
    expect(await entries('teams', 424242)).toHaveLength(1);
    await s.request('DELETE', `/api/logger/config/${config.body.id}`, { token });
    await writeChange(s.ctx.db, entry('queues', 424242));
    const counts = await cleanRetention(s.ctx);
    expect(counts.logEntries).toBeGreaterThanOrEqual(1);
    expect(await entries('teams', 424242)).toEqual([]);
    expect(await entries('roles', 424242)).toHaveLength(1);
    expect(await entries('queues', 424242)).toHaveLength(1);
  });
});
