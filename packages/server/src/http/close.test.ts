import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness.js';
import { closeWithin } from './close.js';

/** A raw socket to `url`'s port; answers it once connected, with everything it received so far. */
async function connect(url: string) {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, ended, received: () => received };
}

const GET_HEALTH = 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n';

/** Milliseconds `promise` takes. */
async function timed(promise: Promise<unknown>): Promise<number> {
  const start = performance.now();
  await promise;
  return performance.now() - start;
}

describe('closing the HTTP server', () => {
  it('lets a request in flight finish and closes its keep-alive socket without waiting for the grace', async () => {
    const app = Fastify({ logger: false });
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const idle = await connect(url);
    idle.socket.write(GET_HEALTH);
    await expect.poll(() => idle.received()).toContain('"ok":true');
    const busy = await connect(url);
    busy.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const took = await timed(closeWithin(app, 10_000));
    // Both sockets were closed by the server, well before the grace; the slow answer arrived whole.
    await idle.ended;
    await busy.ended;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(busy.received()).toContain('"done":true');
    expect(took).toBeGreaterThanOrEqual(200);
    expect(took).toBeLessThan(3_000);
  });

  it('cuts a stalled upload and an idle keep-alive socket when the grace is over (the real server)', async () => {
    const grace = 500;
    const s = await startTestServer({ driver: 'pglite', config: { shutdownGraceMs: grace } });
    let closed = false;
    try {
      const idle = await connect(s.url);
      idle.socket.write(GET_HEALTH);
      await expect.poll(() => idle.received()).toMatch(/^HTTP\/1\.1 200/);
      // A body announced at 1 MB of which only a few bytes ever come: the request stays in flight
      // until the request timeout (two minutes) unless the close cuts it.
      const stalled = await connect(s.url);
      stalled.socket.write(
        `POST /api/storage/media HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.adminToken}\r\n` +
          'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 1048576\r\n\r\n--b\r\n',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));

      const took = await timed(s.close());
      closed = true;
      await idle.ended;
      await stalled.ended;
      expect(took).toBeGreaterThanOrEqual(grace - 50);
      expect(took).toBeLessThan(grace + 5_000);
    } finally {
      if (!closed) await s.close();
    }
  });
});
