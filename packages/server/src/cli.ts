import { pathToFileURL } from 'node:url';
import { createDomainWithAdmin, DomainExistsError, resetPassword } from './auth/bootstrap.js';
import { invalidateAuth } from './auth/cache.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  create-domain <name> --admin-password <password>
      Creates a domain with its own administrator "admin".
  reset-password <user>@<domain> --password <password>
      Sets a user's password.

The database is the server's: DATA_DIR (embedded, default ./data) or DATABASE_URL.`;

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

class UsageError extends Error {}

const DOMAIN_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/i;
const MIN_PASSWORD = 8;

/** Splits `<positional> --flag value` arguments, refusing unknown flags. */
function parse(args: string[], flags: string[]): { positional: string[]; values: Record<string, string> } {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
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

type Command = { run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<string> };

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
  if (name === 'reset-password') {
    const { positional, values } = parse(rest, ['password']);
    if (positional.length !== 1) throw new UsageError('reset-password takes one <user>@<domain>');
    const at = positional[0].lastIndexOf('@');
    if (at <= 0 || at === positional[0].length - 1) throw new UsageError('Name the user as <user>@<domain>');
    const user = positional[0].slice(0, at);
    const domain = positional[0].slice(at + 1);
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
  const config = loadConfig(env);
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
    await invalidateAuth({ db: database.db, config, bus: database });
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
