import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');
const entries = ['src/main.ts', 'src/cli.ts'];
/** Sources whose change makes the bundle stale. */
const sourceDirs = [path.join(root, 'src'), path.join(root, '../model/src')];

/**
 * Node flags the server runs with (`npm start`, the browser tests and the benches): a young heap
 * of at most 4 MB a semi-space. With Node's default (16 MB) the young heap alone grew the server
 * by about 95 MB during the first export of a million rows; with 4 MB by 20, at the same speed.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/** Our own model is bundled in from source; every other package stays an import from node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@switchboard/model' || args.path.startsWith('@switchboard/model/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Is the bundle missing or older than its sources? */
export function serverBuildStale() {
  const outputs = ['main.js', 'cli.js'].map((f) => path.join(outdir, f));
  if (!outputs.every((f) => fs.existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs));
  return sourceDirs.some((dir) => newestMtime(dir) > built);
}

export async function ensureServerBuilt() {
  if (serverBuildStale()) await buildServer();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
