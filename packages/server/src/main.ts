import { loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { loggerOptions } from './log.js';
import { startServer } from './server.js';

/** The API server: `node dist/main.js` (through `npm start`), configured by the environment. */
async function main() {
  const config = loadConfig();
  const server = await startServer(config, { logger: loggerOptions(config) });
  const log = server.app.log;
  if (server.firstStart) {
    const { domain, password, generated } = server.firstStart;
    log.info({ domain, user: 'admin' }, 'first start: created the domain and its administrator');
    if (generated) {
      // Printed once, outside the JSON log, so a person starting the server sees it.
      process.stdout.write(
        `\n  Switchboard is ready. Sign in at http://localhost:${config.port}/ as\n` +
          `    user:     admin\n    password: ${password}\n    domain:   ${domain}\n` +
          '  The password is shown only this once; change it in the console (Settings) or with\n' +
          `  npm run admin -- reset-password admin@${domain} --password <new password>\n\n`,
      );
    }
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Switchboard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
