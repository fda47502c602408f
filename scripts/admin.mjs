import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `npm run admin -- <command>`: the server's admin CLI, built first if needed. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { ensureServerBuilt } = await import(pathToFileURL(path.join(root, 'packages/server/build.mjs')).href);
await ensureServerBuilt();
const { runCli } = await import(pathToFileURL(path.join(root, 'packages/server/dist/cli.js')).href);
const code = await runCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
