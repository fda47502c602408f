import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { runCli } from './cli.js';

type Run = { code: number; out: string; err: string };

async function cli(argv: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('admin CLI', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-cli-'));
  const env = { DATA_DIR: dir };
  let server: TestServer | null = null;

  beforeAll(async () => {
    // Lay down a migrated data folder (from the snapshot), then stop the server as the CLI needs.
    const first = await startTestServer({ dataDir: dir });
    await first.close();
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers bad arguments with exit code 2 and the usage', async () => {
    const cases = [
      [],
      ['frobnicate'],
      ['create-domain'],
      ['create-domain', 'acme'],
      ['create-domain', 'acme', '--admin-password'],
      ['create-domain', 'acme', '--admin-password', 'short'],
      ['create-domain', 'bad name!', '--admin-password', 'Long-enough-1'],
      ['create-domain', 'acme', '--admin-password', 'Long-enough-1', '--colour', 'red'],
      ['reset-password', 'admin', '--password', 'Long-enough-1'],
      ['reset-password', 'admin@main'],
    ];
    for (const argv of cases) {
      const run = await cli(argv, env);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toContain('Usage: npm run admin');
    }
    expect((await cli(['create-domain', 'acme', '--admin-password', 'short'], env)).err).toContain(
      '--admin-password must be at least 8 characters',
    );
  });

  it('creates a domain whose admin can sign in, and resets a password', async () => {
    const created = await cli(['create-domain', 'acme', '--admin-password', 'Acme-admin-1'], env);
    expect(created).toMatchObject({ code: 0 });
    expect(created.out).toContain('acme');
    const again = await cli(['create-domain', 'acme', '--admin-password', 'Acme-admin-1'], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists');
    const reset = await cli(['reset-password', 'admin@main', '--password', 'Main-admin-2'], env);
    expect(reset.code).toBe(0);
    const missing = await cli(['reset-password', 'ghost@main', '--password', 'Main-admin-2'], env);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No user ghost in domain main');

    server = await startTestServer({ dataDir: dir, config: { adminPassword: 'Main-admin-2' } });
    expect(await server.login('admin', 'Acme-admin-1', 'acme')).toBeTruthy();
    expect(await server.login('admin@main', 'Main-admin-2')).toBeTruthy();
  });

  it('refuses to open the embedded database while the server holds it', async () => {
    expect(server).not.toBeNull();
    const run = await cli(['reset-password', 'admin@main', '--password', 'Main-admin-3'], env);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/in use by another Switchboard process/);
    expect(run.err).toContain('stop the server');
  });
});
