import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/lock.js';
import { startTestServer, TEST_ADMIN_PASSWORD } from './harness.js';

const serverRoot = path.resolve(import.meta.dirname, '..');

describe('server process', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-process-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves from the environment, and on SIGTERM finishes, closes the database and releases the lock', async () => {
    // A migrated folder from the snapshot spares the child a slow initdb.
    const seed = await startTestServer({ dataDir: dir });
    await seed.close();
    const port = 20_000 + (process.pid % 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    let health = 0;
    for (let i = 0; i < 300 && health !== 200; i++) {
      health = await fetch(`${base}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (health !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(health, output).toBe(200);
    // The running server holds the data folder: another opener is refused.
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    // A token in the URL is taken only by routes that need it (the live event stream, say).
    const viaQuery = await fetch(`${base}/api/userinfo?access_token=${accessToken}`);
    expect(viaQuery.status).toBe(401);
    const viaHeader = await fetch(`${base}/api/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(viaHeader.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Stopped, it holds nothing any more.
    const release = await acquireDataDirLock(dir);
    release();
    // JSON logs, one object per line, without the token.
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(output).toContain('shutting down');
    expect(output).toContain('access_token=[redacted]');
    expect(output).not.toContain(accessToken);
  });
});
