import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { LICENSE_PRODUCT_PATTERN, LICENSE_PRODUCTS } from '@switchboard/model';
import { createDomainWithAdmin, DomainExistsError, resetPassword } from './auth/bootstrap.js';
import { invalidateAuth } from './auth/cache.js';
import { setPasswordHashCost } from './auth/passwords.js';
import { restoreAdmin } from './auth/restore-admin.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { jobsOff } from './jobs/engine.js';
import { newKeyPair, parsePrivateKey, signLicense } from './licenses/document.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  create-domain <name> --admin-password <password>
      Creates a domain with its own administrator "admin".
  reset-password <user>@<domain> --password <password>
      Sets a user's password.
  restore-admin <user>@<domain>
      Re-enables the user and gives it a role holding every right of its domain (the first
      such role, or a new one when none is left): for an administrator taken down.
  license-keys
      Prints a new Ed25519 key pair: the public key goes to LICENSE_PUBLIC_KEY, the private
      key signs licenses (keep it off the servers).
  issue-license --private-key <file> --domain <name> --product <PRODUCT> --limit <n>
                --days <n> [--scope <class,class>] [--competitive] [--serial <serial>]
                [--not-before <ISO date>]
      Prints a signed license document for PUT /api/customer (the console's import dialog).
      Valid from --not-before (default now) for --days days; the serial defaults to a random one.

The database is the server's: DATA_DIR (embedded, default ./data) or DATABASE_URL.
license-keys and issue-license do not open it.`;

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

class UsageError extends Error {}

const DOMAIN_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/i;
const MIN_PASSWORD = 8;

/** Splits `<positional> --flag value` arguments, refusing unknown flags; `switches` take no value. */
function parse(
  args: string[],
  flags: string[],
  switches: string[] = [],
): { positional: string[]; values: Record<string, string> } {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (switches.includes(name) && inline === undefined) {
        values[name] = 'true';
        continue;
      }
      if (!flags.includes(name)) throw new UsageError(`Unknown option --${name}`);
      const value = inline ?? args[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      values[name] = value;
    } else positional.push(arg);
  }
  return { positional, values };
}

function checkPassword(password: string | undefined, flag: string): string {
  if (!password) throw new UsageError(`${flag} is required`);
  if (password.length < MIN_PASSWORD) throw new UsageError(`${flag} must be at least ${MIN_PASSWORD} characters`);
  return password;
}

/** A command works on the database, or (`offline`) answers without opening one. */
type Command =
  | { offline?: undefined; run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<string> }
  | { offline: () => string };

function wholeNumber(raw: string | undefined, flag: string, min: number): number {
  if (raw === undefined) throw new UsageError(`${flag} is required`);
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) throw new UsageError(`${flag} must be a whole number from ${min}`);
  return Number(raw);
}

function issueLicense(rest: string[]): Command {
  const { positional, values } = parse(
    rest,
    ['private-key', 'domain', 'product', 'limit', 'scope', 'days', 'serial', 'not-before'],
    ['competitive'],
  );
  if (positional.length) throw new UsageError('issue-license takes options only');
  const keyFile = values['private-key'];
  if (!keyFile) throw new UsageError('--private-key is required');
  const domain = values.domain;
  if (!domain) throw new UsageError('--domain is required');
  const product = values.product;
  if (!product || !LICENSE_PRODUCT_PATTERN.test(product)) {
    throw new UsageError(
      `--product must be an upper-case product name such as ${LICENSE_PRODUCTS.slice(0, 3).join(', ')}`,
    );
  }
  const limit = wholeNumber(values.limit, '--limit', 1);
  const days = wholeNumber(values.days, '--days', 1);
  const notBefore = values['not-before'] ? new Date(values['not-before']) : new Date();
  if (Number.isNaN(notBefore.getTime())) throw new UsageError('--not-before must be a date such as 2026-01-31');
  const scope = (values.scope ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    offline: () => {
      let text: string;
      try {
        text = fs.readFileSync(keyFile, 'utf8');
      } catch {
        throw new Error(`Cannot read the private key file ${keyFile}`);
      }
      return signLicense(
        {
          serial: values.serial ?? randomUUID(),
          product,
          scope,
          limit,
          competitive: values.competitive === 'true',
          not_before: notBefore.toISOString(),
          not_after: new Date(notBefore.getTime() + days * 86_400_000).toISOString(),
          domain,
        },
        parsePrivateKey(text),
      );
    },
  };
}

function userAtDomain(arg: string): { user: string; domain: string } {
  const at = arg.lastIndexOf('@');
  if (at <= 0 || at === arg.length - 1) throw new UsageError('Name the user as <user>@<domain>');
  return { user: arg.slice(0, at), domain: arg.slice(at + 1) };
}

function command(argv: string[]): Command {
  const [name, ...rest] = argv;
  if (name === 'create-domain') {
    const { positional, values } = parse(rest, ['admin-password']);
    if (positional.length !== 1) throw new UsageError('create-domain takes one domain name');
    const domain = positional[0];
    if (!DOMAIN_NAME.test(domain)) {
      throw new UsageError(`"${domain}" is not a valid domain name (letters, digits, dot, dash, underscore)`);
    }
    const password = checkPassword(values['admin-password'], '--admin-password');
    return {
      run: async (database) => {
        await createDomainWithAdmin(database.db, { name: domain, adminPassword: password });
        return `Created domain ${domain}; sign in as admin@${domain} with the password given.`;
      },
    };
  }
  if (name === 'restore-admin') {
    const { positional } = parse(rest, []);
    if (positional.length !== 1) throw new UsageError('restore-admin takes one <user>@<domain>');
    const { user, domain } = userAtDomain(positional[0]);
    return {
      run: async (database) => {
        const restored = await restoreAdmin(database.db, domain, user);
        if (!restored) throw new Error(`No user ${user} in domain ${domain}`);
        const role = restored.created ? `a new role ${restored.role}` : `the role ${restored.role}`;
        return `${user}@${domain} is active and holds ${role}, with every right.`;
      },
    };
  }
  if (name === 'reset-password') {
    const { positional, values } = parse(rest, ['password']);
    if (positional.length !== 1) throw new UsageError('reset-password takes one <user>@<domain>');
    const { user, domain } = userAtDomain(positional[0]);
    const password = checkPassword(values.password, '--password');
    return {
      run: async (database) => {
        if (!(await resetPassword(database.db, domain, user, password))) {
          throw new Error(`No user ${user} in domain ${domain}`);
        }
        return `Password of ${user}@${domain} changed.`;
      },
    };
  }
  if (name === 'license-keys') {
    if (rest.length) throw new UsageError('license-keys takes no arguments');
    return {
      offline: () => {
        const pair = newKeyPair();
        return `# LICENSE_PUBLIC_KEY (server configuration)\n${pair.publicKey}\n# Private key (signs licenses; keep it secret)\n${pair.privateKey}`;
      },
    };
  }
  if (name === 'issue-license') return issueLicense(rest);
  if (!name || name === 'help' || name === '--help') throw new UsageError('');
  throw new UsageError(`Unknown command "${name}"`);
}

/** Runs one admin command; answers the exit code (0 done, 1 failed, 2 bad arguments). */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let cmd: Command;
  try {
    cmd = command(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) io.err(`Error: ${error.message}\n`);
    io.err(USAGE);
    return 2;
  }
  if (cmd.offline) {
    try {
      io.out(cmd.offline());
      return 0;
    } catch (error) {
      io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  const config = loadConfig(env);
  setPasswordHashCost(config.passwordHash);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `Error: ${error.message}\nThe embedded database (PGlite) cannot be changed while the server runs: stop the server, then run this command again.`,
      );
      return 1;
    }
    throw error;
  }
  try {
    io.out(await cmd.run(database));
    await invalidateAuth({ db: database.db, config, bus: database, jobs: jobsOff });
    return 0;
  } catch (error) {
    io.err(`Error: ${error instanceof DomainExistsError || error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
