import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { parsePublicKey, verifyLicense } from './licenses/document.js';

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  // No database settings: these commands must not open one.
  const code = await runCli(
    argv,
    { DATA_DIR: '/nonexistent/switchboard' },
    {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('admin CLI: license keys and licenses', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-lic-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints a key pair and signs a license the public key verifies', async () => {
    const keys = await cli(['license-keys']);
    expect(keys.code).toBe(0);
    const publicPem = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.exec(keys.out)?.[0];
    const privatePem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(keys.out)?.[0];
    expect(publicPem && privatePem).toBeTruthy();
    const keyFile = path.join(dir, 'private.pem');
    fs.writeFileSync(keyFile, `${privatePem}\n`);

    const args = ['issue-license', '--private-key', keyFile, '--domain', 'main', '--product', 'CALL_CENTER'];
    const issued = await cli([
      ...args,
      '--limit',
      '25',
      '--scope',
      'cc_agent,cc_queue',
      '--days',
      '30',
      '--competitive',
      '--serial',
      'S-1',
      '--not-before',
      '2026-03-01',
    ]);
    expect(issued.code, issued.err).toBe(0);
    expect(verifyLicense(issued.out, parsePublicKey(publicPem as string))).toEqual({
      serial: 'S-1',
      product: 'CALL_CENTER',
      scope: ['cc_agent', 'cc_queue'],
      limit: 25,
      competitive: true,
      not_before: '2026-03-01T00:00:00.000Z',
      not_after: '2026-03-31T00:00:00.000Z',
      domain: 'main',
    });
    const plain = await cli([...args, '--limit', '1', '--days', '1']);
    const fields = verifyLicense(plain.out, parsePublicKey(publicPem as string));
    expect(fields).toMatchObject({ competitive: false, scope: [] });
    expect(fields.serial).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers bad arguments with exit code 2 and a missing key file with 1', async () => {
    const base = ['issue-license', '--private-key', 'k.pem', '--domain', 'main'];
    for (const argv of [
      ['license-keys', 'extra'],
      ['issue-license'],
      [...base, '--product', 'lower', '--limit', '1', '--days', '1'],
      [...base, '--product', 'CHAT', '--limit', '0', '--days', '1'],
      [...base, '--product', 'CHAT', '--limit', '1'],
      [...base, '--product', 'CHAT', '--limit', '1', '--days', '1', '--not-before', 'soon'],
    ]) {
      const run = await cli(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toContain('Usage: npm run admin');
    }
    const missing = await cli([...base, '--product', 'CHAT', '--limit', '1', '--days', '1']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Cannot read the private key file k.pem');
  });
});
