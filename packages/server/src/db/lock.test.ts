import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', 'true']).status === 0;

describe('data folder lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second opener with a clear message while the holder lives, and is free once released', async () => {
    const dir = tempDir();
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(
      new RegExp(`in use by another Switchboard process \\(pid ${process.pid}\\)`),
    );
    release();
    const again = await acquireDataDirLock(dir);
    again();
  });

  /** A process holding the lock of `dir` as PID 1 of its own pid namespace, as in a container without init. */
  function holderAsPid1(dir: string): Promise<ChildProcess> {
    const script = `import('${path.join(here, 'lock.ts')}').then(async (m) => { await m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('held ' + process.pid); setInterval(() => {}, 1000); });`;
    const child = spawn(
      'unshare',
      ['--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, '--import', 'tsx', '-e', script],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk) => {
        out += chunk.toString();
        if (out.includes('held 1')) resolve(child);
      });
      child.stderr?.on('data', (chunk) => {
        out += chunk.toString();
      });
      child.on('exit', () => reject(new Error(`holder exited: ${out}`)));
    });
  }

  it.runIf(canUnshare)('is taken at once after a PID 1 holder is killed with SIGKILL, by another PID 1', async () => {
    const dir = tempDir();
    const first = await holderAsPid1(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    first.kill('SIGKILL');
    // The next server is PID 1 again, started while the old one may not even be reaped yet.
    const second = await holderAsPid1(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/in use by another Switchboard process/);
    second.kill('SIGKILL');
    await new Promise((resolve) => second.once('exit', resolve));
    const mine = await acquireDataDirLock(dir);
    mine();
  });
});
