import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

describe('data folder lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second opener with a clear message while the holder lives', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Switchboard process \(pid \d+/);
    release();
    const again = acquireDataDirLock(dir);
    again();
    expect(fs.existsSync(path.join(dir, 'switchboard.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    // The pid of a process that has exited.
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(dir, 'switchboard.lock'), child.stdout.toString());
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'switchboard.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
