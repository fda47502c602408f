import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadFigures } from './measure.js';
import { api, ensureBuilt, type Server, signIn, sleep, startServer, stopServer } from './server-process.js';

/**
 * Stalled uploads on the embedded database: the devices list under 20 connections, alone and
 * beside six uploads (`POST /api/devices/import`) that announce 1 GB and send a few bytes. Prints
 * p50, p99 and max latency and the 503 answers of each. Target: p99 beside the stalled uploads at
 * most 500 ms, and no 503. The rate window is stretched (60 s) so the uploads stay stalled for the
 * whole run, and one user may run all six (UPLOADS_PER_USER=6).
 */
const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const STALLED = 6;
const PORT = 18_241;
const P99_TARGET_MS = 500;

type Result = ReturnType<typeof loadFigures> & { label: string };

function stall(base: string, token: string): net.Socket {
  const { port } = new URL(base);
  const socket = net.connect(Number(port), '127.0.0.1');
  const boundary = 'bench-stall';
  socket.write(
    `POST /api/devices/import HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1073741824\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname,acc`,
  );
  socket.on('error', () => {});
  return socket;
}

async function list(label: string, server: Server, token: string): Promise<Result> {
  const url = `${server.base}/api/devices?size=10&q=dev*`;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
    timeout: 60,
  });
  return { label, ...loadFigures(result) };
}

async function main() {
  await ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-uploads-'));
  let server: Server | null = null;
  const sockets: net.Socket[] = [];
  try {
    server = await startServer(PORT, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      UPLOAD_RATE_WINDOW_MS: '60000',
      UPLOADS_PER_USER: String(STALLED),
    });
    const token = await signIn(server.base);
    for (let i = 1; i <= 100; i++) {
      const n = String(i).padStart(3, '0');
      await api(server.base, 'POST', '/api/devices', token, { name: `dev${n}`, account: `acc${n}`, password: 'Sip-1' });
    }
    await autocannon({
      url: `${server.base}/api/devices?size=10`,
      connections: 5,
      duration: 2,
      headers: { authorization: `Bearer ${token}` },
    });
    const alone = await list('alone', server, token);
    for (let i = 0; i < STALLED; i++) sockets.push(stall(server.base, token));
    await sleep(500);
    const beside = await list(`${STALLED} stalled`, server, token);
    const pad = (s: string | number, n: number) => String(s).padStart(n);
    const rows = [
      `Switchboard stalled uploads bench (PGlite): devices list, ${CONNECTIONS} connections, ${DURATION} s, beside ${STALLED} uploads announcing 1 GB and sending a few bytes`,
      `${'list'.padEnd(12)}${pad('answers', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('max ms', 8)}${pad('503', 7)}${pad('errors', 8)}`,
      ...[alone, beside].map(
        (r) =>
          `${r.label.padEnd(12)}${pad(r.requests, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.max, 8)}${pad(r.shed, 7)}${pad(r.errors, 8)}`,
      ),
      '',
      `beside stalled uploads: p99 ${beside.p99} ms, ${(beside.p99 / Math.max(alone.p99, 1)).toFixed(2)}x alone (target <= ${P99_TARGET_MS} ms and no 503: ${beside.p99 <= P99_TARGET_MS && beside.shed === 0 ? 'met' : 'NOT met'})`,
    ];
    process.stdout.write(`\n${rows.join('\n')}\n`);
  } catch (error) {
    if (server) process.stderr.write(`--- server output:\n${server.output()}\n`);
    throw error;
  } finally {
    for (const socket of sockets) socket.destroy();
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

await main();
