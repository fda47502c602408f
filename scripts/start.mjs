import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `npm start`: builds what is missing, then runs the server in this process. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) {
  process.stderr.write('Building the console (packages/web)...\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', 'packages/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.stderr.write('The console build failed: serving the API only.\n');
}

const { ensureServerBuilt } = await import(pathToFileURL(path.join(root, 'packages/server/build.mjs')).href);
await ensureServerBuilt();
await import(pathToFileURL(path.join(root, 'packages/server/dist/main.js')).href);
