import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { blacklistNumbersPath, type ImportItem } from '@switchboard/model';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, TEST_ADMIN_PASSWORD } from '../harness.js';
import { getImport, numbersFile, uploadImport, waitImport } from '../imports.js';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const ROWS = 150_000;

type Child = { process: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

/** The server as its own process (`src/main.ts`), as in production, on the given database. */
async function spawnServer(env: Record<string, string>, port: number): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { process: child, url, output: () => output, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

describe.each(drivers())('an import whose server is killed on %s', (driver) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-crash-'));
  let databaseUrl = '';
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  });

  it('resumes after kill -9 on the next start and loads every row exactly once', { timeout: 240_000 }, async () => {
    const env: Record<string, string> = { IMPORT_DIR: path.join(dir, 'imports'), IMPORT_STALE_SECONDS: '5' };
    if (driver === 'pglite') {
      // A migrated folder from the snapshot spares the children a slow initdb.
      const seed = await startTestServer({ dataDir: path.join(dir, 'data') });
      await seed.close();
      env.DATA_DIR = path.join(dir, 'data');
    } else {
      const name = `sb_crash_${process.pid}_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(process.env.TEST_DATABASE_URL as string);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      const seed = await startTestServer({ databaseUrl });
      await seed.close();
      env.DATABASE_URL = databaseUrl;
    }
    const port = 21_000 + (process.pid % 10_000) + (driver === 'pglite' ? 0 : 1);
    let first: Child | null = await spawnServer(env, port);
    let second: Child | null = null;
    try {
      const login = await fetch(`${first.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
      });
      const { accessToken: token } = (await login.json()) as { accessToken: string };
      const list = await fetch(`${first.url}/api/call_center/list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'crash' }),
      });
      const listId = ((await list.json()) as { id: number }).id;
      const up = await uploadImport(first, token, blacklistNumbersPath(listId), numbersFile(ROWS));
      expect(up.status).toBe(202);

      // Kill it mid-way: on PGlite once part of the rows are loaded (chunks of 5,000 lines), on
      // PostgreSQL (one load statement) while the rows are being checked.
      const midway = (i: ImportItem) =>
        driver === 'pglite' ? i.phase === 'loading' && i.rowsLoaded > 0 : i.rowsRead > 0 && i.phase === 'checking';
      let item = await getImport(first, token, up.body.id);
      while (!midway(item) && item.state !== 'done' && item.state !== 'failed') {
        await new Promise((r) => setTimeout(r, 20));
        item = await getImport(first, token, up.body.id);
      }
      expect(item.state, JSON.stringify(item)).toBe('running');
      first.process.kill('SIGKILL');
      await first.exited;
      first = null;
      // PostgreSQL: the next node takes the import over once its heartbeat is stale.
      if (driver === 'postgres') await new Promise((r) => setTimeout(r, 6_000));

      second = await spawnServer(env, port);
      const ended = await waitImport(second, token, up.body.id, 200_000);
      expect(ended, second.output()).toMatchObject({
        state: 'done',
        rowsRead: ROWS,
        rowsLoaded: ROWS,
        rowsFailed: 0,
        rowsToLoad: ROWS,
      });
      const count = await fetch(`${second.url}/api/call_center/list/${listId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await count.json()) as { count: number }).count).toBe(ROWS);
    } finally {
      first?.process.kill('SIGKILL');
      if (second) {
        second.process.kill('SIGTERM');
        await second.exited;
      }
    }
  });
});
