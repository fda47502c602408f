import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium.js';
import { serverArgs } from './server-process.js';

/**
 * Console figures (issue 3, item 10):
 * 1. the JavaScript the browser loads for /auth, gzipped (budget 200 KB): the entry chunk and every
 *    chunk it imports statically, read from the Vite manifest; lazy chunks are not counted;
 * 2. from a click on the "Users" navigation entry to the users list rendered, in headless Chromium
 *    against the real server on localhost (budget 300 ms): the first (cold, chunks fetched) click
 *    and the median and p95 of the following ones.
 *
 * `npx tsx bench/web.ts [--no-build] [--size-only]`
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const webDist = path.join(root, 'packages/web/dist');
const args = new Set(process.argv.slice(2));
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8097);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'Bench-web-password-1';
const CLICKS = Number(process.env.BENCH_WEB_CLICKS ?? 20);
const SIZE_BUDGET = 200 * 1024;
const CLICK_BUDGET_MS = 300;

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

function run(cmd: string, cmdArgs: string[]) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed`);
}

/** Gzipped bytes of the entry chunk and its static imports: what /auth loads before it shows. */
export function authFirstLoad(dist = webDist): { files: { file: string; gzip: number }[]; total: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  walk('index.html');
  const files = [...seen].map((key) => {
    const file = manifest[key].file;
    return { file, gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length };
  });
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

async function waitForServer(child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${BASE}/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

async function apiCall<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * One click on the navigation entry, timed inside the page until the list shows its rows. Kept as
 * text because tsx would wrap named functions in a helper the page does not have.
 */
const TIME_CLICK = `new Promise((resolve, reject) => {
  const link = document.querySelector('[data-testid="admin-nav"] [data-nav="users"]');
  if (!link) return reject(new Error('no Users entry in the navigation'));
  const rendered = () =>
    [...document.querySelectorAll('main table tbody tr')].some((tr) => tr.textContent.includes('bench-user-01'));
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (!rendered()) return;
    observer.disconnect();
    resolve(performance.now() - start);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  link.click();
})`;

const timeClick = (page: Page) => page.evaluate<number>(TIME_CLICK);

async function clickToList(): Promise<{ cold: number; settled: number; median: number; p95: number }> {
  if (!fs.existsSync(path.join(root, 'packages/server/dist/main.js')))
    run('npm', ['run', 'build', '-w', 'packages/server']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-web-'));
  const server = spawn('node', await serverArgs(), {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The embedded database, even when DATABASE_URL is set for the other benches.
      DATABASE_URL: '',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    stdio: 'ignore',
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await waitForServer(server);
    const { accessToken } = await apiCall<{ accessToken: string }>('POST', '/login', null, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    for (let i = 1; i <= 12; i++) {
      const n = String(i).padStart(2, '0');
      await apiCall('POST', '/users', accessToken, {
        name: `Bench User ${n}`,
        username: `bench-user-${n}`,
        password: 'Bench-user-password-1',
      });
    }
    // The server's first list query is not the console's cost: run it once before timing.
    await apiCall('GET', '/users?size=10', accessToken);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(`localStorage.setItem('access-token', ${JSON.stringify(accessToken)})`);
    // In the list's default order (name) the first page holds bench-user-01, whose row the timer waits for.
    const times: number[] = [];
    const nav = page.locator('[data-testid="admin-nav"] [data-nav="users"]');
    // A click the moment the navigation shows, before the background preload of the screens is done.
    await page.goto(`${BASE}/start`);
    await nav.waitFor();
    const cold = await timeClick(page);
    // A first click once the page has settled (screens preloaded while idle).
    await page.goto(`${BASE}/start`);
    await nav.waitFor();
    await page.waitForLoadState('networkidle');
    const settled = await timeClick(page);
    for (let i = 0; i < CLICKS; i++) {
      await page.locator('[data-testid="admin-nav"] a[href="/start"]').click();
      await page.locator('[data-testid="start-links"]').waitFor();
      times.push(await timeClick(page));
    }
    if (process.env.BENCH_WEB_DEBUG) console.log(times.map((t) => Math.round(t)).join(' '));
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return { cold, settled, median: at(0.5), p95: at(0.95) };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!args.has('--no-build')) run('npm', ['run', 'build', '-w', 'packages/web']);
  const size = authFirstLoad();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('\nFirst-load JavaScript of /auth (gzip)');
  for (const f of size.files) console.log(`  ${f.file.padEnd(44)} ${kb(f.gzip).padStart(10)}`);
  console.log(
    `  ${'total'.padEnd(44)} ${kb(size.total).padStart(10)}   budget ${kb(SIZE_BUDGET)}   ${size.total <= SIZE_BUDGET ? 'ok' : 'OVER'}`,
  );
  let ok = size.total <= SIZE_BUDGET;
  if (!args.has('--size-only')) {
    const click = await clickToList();
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log('\nClick on "Users" in the navigation to the users list rendered (headless Chromium, localhost)');
    console.log(`  first click as soon as the navigation shows (screens still loading)  ${ms(click.cold)}`);
    console.log(`  first click once the page settled (screens preloaded)              ${ms(click.settled)}`);
    console.log(
      `  next ${CLICKS} clicks: median ${ms(click.median)}, p95 ${ms(click.p95)}   budget ${CLICK_BUDGET_MS} ms   ${click.p95 <= CLICK_BUDGET_MS ? 'ok' : 'OVER'}`,
    );
    ok &&= click.p95 <= CLICK_BUDGET_MS;
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
