import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerEntries } from '../../src/db/schema.js';
import { queryRows } from '../../src/db/sql.js';
import { SCHEDULES } from '../../src/jobs/scheduler.js';
import { parseOutboundAllow } from '../../src/net/outbound.js';
import { runLogExports } from '../../src/resources/system/logger/export-runs.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';
import { type S3Standin, startS3Standin } from '../support/s3-standin.mjs';
import { type StorageProvidersStandin, startStorageProvidersStandin } from '../support/storage-providers-standin.mjs';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** A weekly window counted from the epoch, well in the past: [W, W + 7 days). */
const W = Math.floor(Date.UTC(2026, 0, 10) / WEEK) * WEEK;
const at = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => at(ms).slice(0, 10);

type Line = Record<string, unknown>;

describe.each(drivers())('change-log exports on %s', (driver) => {
  let s: TestServer;
  let s3: S3Standin;
  let providers: StorageProvidersStandin;
  let folder: string;
  const failures: unknown[] = [];
  const run = (now: number) => runLogExports(s.ctx, (error) => failures.push(error), now);

  beforeAll(async () => {
    s3 = await startS3Standin({ keyId: 'AKIASTANDIN', bucket: 'logs' });
    providers = await startStorageProvidersStandin();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-log-exports-'));
    s = await startTestServer({
      driver,
      config: {
        storageApis: providers.apis,
        storageLocalRoot: folder,
        outboundAllow: parseOutboundAllow(new URL(s3.url).host),
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
    await providers?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A fresh domain with a profile and a weekly config of `object` exporting to it. */
  async function setUp(
    object: string,
    properties: Record<string, string>,
    type: 'local' | 's3' | 'backblaze' | 'dropbox' | 'drive',
  ) {
    const domainName = unique('exports');
    const { domainId, adminToken: token } = await s.createDomain(domainName);
    const profile = await s.request('POST', '/api/storage/backend_profiles', {
      token,
      body: { name: unique('p'), type, properties },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const config = await s.request('POST', '/api/logger/config', {
      token,
      body: { object, enabled: true, period: 7, storage: { id: profile.body.id } },
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    expect(config.body.storage).toMatchObject({ id: profile.body.id });
    return { domainName, domainId, token, profileId: profile.body.id as number, configId: config.body.id as number };
  }

  /** Writes entries as the change-log writer stores them; answers them as an export's lines. */
  async function seed(domainId: number, object: string, dates: number[], action = 'update'): Promise<Line[]> {
    const rows = await s.ctx.db
      .insert(loggerEntries)
      .values(
        dates.map((d, i) => ({
          domainId,
          object,
          action,
          date: at(d),
          userId: null,
          userIp: `10.2.0.${i + 1}`,
          recordId: 100 + i,
          newState: { name: `n${i}`, password: '***' },
          oldState: i % 2 ? null : { name: `o${i}` },
        })),
      )
      .returning();
    return rows.map((r) => ({
      id: r.id,
      date: at(Date.parse(r.date)),
      action: r.action,
      object: r.object,
      recordId: r.recordId,
      userId: r.userId,
      userIp: r.userIp,
      newState: r.newState,
      oldState: r.oldState,
    }));
  }

  const list = async (token: string, configId: number) => {
    const res = await s.request('GET', `/api/logger/config/${configId}/exports`, { token, query: { size: 50 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as Array<Record<string, unknown>>;
  };
  const download = (token: string, configId: number, exportId: unknown) =>
    fetch(`${s.url}/api/logger/config/${configId}/exports/${exportId}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
  const parseLines = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  const rowsOf = (configId: number) =>
    queryRows<{ id: number; key: string; start: string }>(
      s.ctx.db,
      sql`select id, storage_key as key, period_start as start from logger_exports where config_id = ${configId}
        order by period_start`,
    );

  it('is scheduled through the job engine', () => {
    expect(SCHEDULES.logExports.cron).toMatch(/^\d+ \* \* \* \*$/);
  });

  it('exports each closed period once to a local profile, listed and downloadable', async () => {
    const name = unique('local');
    const { domainId, domainName, token, configId } = await setUp('devices', { directory: name }, 'local');
    // A local profile's folder is under the storage root, in its domain's folder.
    const dir = path.join(folder, String(domainId), name);
    const first = await seed(domainId, 'devices', [W + 1000, W + 2 * DAY, W + WEEK - 1]);
    const second = await seed(domainId, 'devices', [W + WEEK + 5 * DAY]);
    // Left out: a sign-in of the same object, another object, and the period still open.
    await seed(domainId, 'devices', [W + 3 * DAY], 'login');
    await seed(domainId, 'calendars', [W + 3 * DAY]);
    const open = await seed(domainId, 'devices', [W + 2 * WEEK + DAY]);
    const now = W + 2 * WEEK + 2 * DAY;

    expect((await run(now)).failed).toBe(0);
    expect(failures).toEqual([]);
    const rows = await rowsOf(configId);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.key).toBe(
      `${domainName}/${day(W).replaceAll('-', '/')}/changelog-devices-${day(W)}-${day(W + 6 * DAY)}.jsonl`,
    );
    const onDisk = fs.readFileSync(path.join(dir, rows[0]!.key), 'utf8');
    expect(parseLines(onDisk)).toEqual(first);
    expect(parseLines(fs.readFileSync(path.join(dir, rows[1]!.key), 'utf8'))).toEqual(second);

    const items = await list(token, configId);
    expect(items).toHaveLength(2);
    const byStart = [...items].sort(
      (a, b) => Date.parse(a.periodStart as string) - Date.parse(b.periodStart as string),
    );
    expect(Date.parse(byStart[0]!.periodStart as string)).toBe(W);
    expect(Date.parse(byStart[0]!.periodEnd as string)).toBe(W + WEEK);
    expect(byStart[0]).toMatchObject({ size: Buffer.byteLength(onDisk), count: 3 });
    expect(byStart[1]).toMatchObject({ count: 1 });
    const created = items.map((i) => Date.parse(i.createdAt as string));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const res = await download(token, configId, byStart[0]!.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''changelog-devices-${day(W)}-${day(W + 6 * DAY)}.jsonl`,
    );
    expect(await res.text()).toBe(onDisk);

    // Run again: nothing is exported twice; once the open period closes, it follows.
    expect((await run(now)).exported).toBe(0);
    expect(await list(token, configId)).toHaveLength(2);
    expect((await run(W + 3 * WEEK)).exported).toBe(1);
    const third = (await rowsOf(configId))[2]!;
    expect(parseLines(fs.readFileSync(path.join(dir, third.key), 'utf8'))).toEqual(open);
  });

  it('exports to S3 through the profile', async () => {
    const { domainId, token, configId } = await setUp(
      'calendars',
      { keyId: s3.keyId, accessKey: 'standin-secret', bucketName: s3.bucket, region: 'eu-west-1', endpoint: s3.url },
      's3',
    );
    const entries = await seed(domainId, 'calendars', [W + DAY, W + 4 * DAY]);
    expect((await run(W + WEEK + 1)).exported).toBeGreaterThanOrEqual(1);
    const [row] = await rowsOf(configId);
    const stored = s3.objects.get(`${s3.bucket}/${row!.key}`);
    expect(stored?.contentType).toBe('application/x-ndjson');
    expect(parseLines(Buffer.from(stored!.body).toString('utf8'))).toEqual(entries);
    const [item] = await list(token, configId);
    const res = await download(token, configId, item!.id);
    expect(res.status).toBe(200);
    expect(parseLines(await res.text())).toEqual(entries);
  });

  it('writes no file for a period without entries', async () => {
    const name = unique('empty');
    const { domainId, token, configId } = await setUp('teams', { directory: name }, 'local');
    // A local profile's folder is under the storage root, in its domain's folder.
    const dir = path.join(folder, String(domainId), name);
    await seed(domainId, 'teams', [W + 2 * WEEK + DAY]);
    expect((await run(W + 2 * WEEK + 2 * DAY)).failed).toBe(0);
    expect(await list(token, configId)).toEqual([]);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("removes exports older than their profile's expireDays, file and row, and never exports them again", async () => {
    const name = unique('expire');
    const { domainId, token, configId, profileId } = await setUp('queues', { directory: name }, 'local');
    // A local profile's folder is under the storage root, in its domain's folder.
    const dir = path.join(folder, String(domainId), name);
    await seed(domainId, 'queues', [W + DAY, W + WEEK + DAY]);
    expect((await run(W + 2 * WEEK)).exported).toBe(2);
    const [older, newer] = await rowsOf(configId);
    // The older export was written 31 days ago; the profile keeps 30 (the default).
    await s.ctx.db.execute(
      sql`update logger_exports set created_at = now() - interval '31 days' where id = ${older!.id}`,
    );
    // Other domains' configs share this server: the counts are checked on this config's rows.
    expect((await run(Date.now())).expired).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(configId)).map((r) => r.id)).toEqual([newer!.id]);
    expect((await list(token, configId)).map((i) => i.id)).toEqual([newer!.id]);
    expect(fs.existsSync(path.join(dir, older!.key))).toBe(false);
    expect(fs.existsSync(path.join(dir, newer!.key))).toBe(true);
    expect((await download(token, configId, older!.id)).status).toBe(404);

    // expireDays 0 keeps exports for ever.
    const put = await s.request('PATCH', `/api/storage/backend_profiles/${profileId}`, {
      token,
      body: { expireDays: 0 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await s.ctx.db.execute(
      sql`update logger_exports set created_at = now() - interval '400 days' where id = ${newer!.id}`,
    );
    await run(Date.now());
    expect((await list(token, configId)).map((i) => i.id)).toEqual([newer!.id]);
    expect(fs.existsSync(path.join(dir, newer!.key))).toBe(true);
  });

  it.each([
    {
      type: 'backblaze' as const,
      properties: () => ({
        account: providers.b2.account,
        key: providers.b2.key,
        bucket: providers.b2.bucket,
        bucketId: providers.b2.bucketId,
      }),
      /** The stored file of an export row, by the key the row keeps. */
      find: (key: string) => [...providers.b2.files.values()].find((f) => f.fileName === key)?.body,
      /** Stored files under a key (versions, for B2). */
      count: (key: string) => [...providers.b2.files.values()].filter((f) => f.fileName === key).length,
    },
    {
      type: 'dropbox' as const,
      properties: () => ({ token: providers.dropbox.token }),
      find: (key: string) => providers.dropbox.files.get(`/${key}`.toLowerCase())?.body,
      count: (key: string) => (providers.dropbox.files.has(`/${key}`.toLowerCase()) ? 1 : 0),
    },
    {
      type: 'drive' as const,
      properties: () => ({
        directory: providers.drive.folder,
        email: providers.drive.email,
        privateKey: providers.drive.privateKey,
      }),
      find: (key: string) => providers.drive.files.get(key.split('/')[0]!)?.body,
      /** Files named like the row's key, whatever their id. */
      count: (key: string) =>
        [...providers.drive.files.values()].filter((f) => f.name === key.split('/').slice(1).join('/')).length,
    },
  ])(
    'exports to $type, downloads from there and removes the file there after expireDays',
    async ({ type, properties, find }) => {
      const object = { backblaze: 'resources', dropbox: 'agents', drive: 'blacklists' }[type];
      const { domainId, domainName, token, configId, profileId } = await setUp(object, properties(), type);
      const entries = await seed(domainId, object, [W + DAY, W + 3 * DAY]);
      await seed(domainId, object, [W + WEEK + DAY]);
      expect((await run(W + 2 * WEEK)).failed).toBe(0);
      expect(failures).toEqual([]);
      const [older, newer] = await rowsOf(configId);
      const name = `changelog-${object}-${day(W)}-${day(W + 6 * DAY)}.jsonl`;
      // Drive keeps files by id: the row's key is `<file id>/<key>`, the file named after the key.
      if (type === 'drive') {
        expect(older!.key).toMatch(new RegExp(`^[\\w-]+/${domainName}/.+/${name}$`));
        const file = providers.drive.files.get(older!.key.split('/')[0]!);
        expect(file?.name).toBe(older!.key.split('/').slice(1).join('/'));
      } else {
        expect(older!.key).toBe(`${domainName}/${day(W).replaceAll('-', '/')}/${name}`);
      }
      expect(parseLines(find(older!.key)!.toString('utf8'))).toEqual(entries);
      const items = await list(token, configId);
      const res = await download(token, configId, older!.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${name}`);
      expect(parseLines(await res.text())).toEqual(entries);
      expect(items).toHaveLength(2);

      // Five days kept: the older export was written six days ago and goes, file and row.
      await s.request('PATCH', `/api/storage/backend_profiles/${profileId}`, { token, body: { expireDays: 5 } });
      await s.ctx.db.execute(
        sql`update logger_exports set created_at = now() - interval '6 days' where id = ${older!.id}`,
      );
      await s.ctx.db.execute(
        sql`update logger_exports set created_at = now() - interval '4 days' where id = ${newer!.id}`,
      );
      expect((await run(Date.now())).expired).toBeGreaterThanOrEqual(1);
      expect(failures).toEqual([]);
      expect(find(older!.key)).toBeUndefined();
      expect(find(newer!.key)).toBeDefined();
      expect((await list(token, configId)).map((i) => i.id)).toEqual([newer!.id]);
      expect((await download(token, configId, older!.id)).status).toBe(404);
    },
  );

  it('keeps a profile holding exports, guards them like the config, and removes them with it', async () => {
    const name = unique('guard');
    const { domainId, domainName, token, configId, profileId } = await setUp('flows', { directory: name }, 'local');
    // A local profile's folder is under the storage root, in its domain's folder.
    const dir = path.join(folder, String(domainId), name);
    await seed(domainId, 'flows', [W + DAY]);
    await run(W + WEEK);
    const [item] = await list(token, configId);
    const gone = await s.request('DELETE', `/api/storage/backend_profiles/${profileId}`, { token });
    expect(gone.status).toBe(409);

    const plain = await makeActor(s, token, { domain: domainName });
    const denied = await s.request('GET', `/api/logger/config/${configId}/exports`, { token: plain.token });
    expect(denied.status).toBe(403);
    expect((await download(plain.token, configId, item!.id)).status).toBe(403);
    const other = await s.createDomain(unique('other'));
    expect((await download(other.adminToken, configId, item!.id)).status).toBe(404);
    expect((await download(token, configId, 'x')).status).toBe(400);

    // Deleting the config deletes its exports, files included; the profile can go then.
    const [row] = await rowsOf(configId);
    expect(fs.existsSync(path.join(dir, row!.key))).toBe(true);
    expect((await s.request('DELETE', `/api/logger/config/${configId}`, { token })).status).toBe(200);
    expect(await rowsOf(configId)).toEqual([]);
    expect(fs.existsSync(path.join(dir, row!.key))).toBe(false);
    expect((await s.request('DELETE', `/api/storage/backend_profiles/${profileId}`, { token })).status).toBe(200);
  });
});
