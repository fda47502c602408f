import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The license key pair of a browser-test run. The config makes it once and hands it down through
 * the environment (the server gets the public key as LICENSE_PUBLIC_KEY; the workers, which load
 * the config again, find the pair already there and sign licenses with the private key).
 */
const PUBLIC = 'E2E_LICENSE_PUBLIC_KEY';
const PRIVATE_FILE = 'E2E_LICENSE_PRIVATE_KEY_FILE';

export function licensePublicKey(): string {
  if (!process.env[PUBLIC] || !process.env[PRIVATE_FILE]) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-e2e-keys-'));
    const file = path.join(dir, 'license-private.pem');
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    process.env[PUBLIC] = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    process.env[PRIVATE_FILE] = file;
  }
  return process.env[PUBLIC] as string;
}

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/dist/cli.js');

/** A signed license from the admin CLI (`issue-license`), as an operator would make one. */
export function issueLicense(options: {
  product: string;
  limit: number;
  days: number;
  serial: string;
  /** The domain the license is for (the worker's: `workerDomain()` in fixtures.ts). */
  domain: string;
}): string {
  licensePublicKey();
  const args = [
    cli,
    'issue-license',
    '--private-key',
    process.env[PRIVATE_FILE] as string,
    '--domain',
    options.domain,
    '--product',
    options.product,
    '--limit',
    String(options.limit),
    '--days',
    String(options.days),
    '--serial',
    options.serial,
  ];
  return execFileSync('node', args, { encoding: 'utf8' }).trim();
}
