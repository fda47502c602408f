import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRunning } from '../../src/core/uploads.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { until } from '../until.js';

/** Bytes a second under which an upload is cut, and the window it is measured over. */
const MIN_RATE = 1000;
const WINDOW_MS = 3000;
const PER_USER = 3;
const BOUNDARY = 'switchboard-stall';

/** A raw request on its own socket to 127.0.0.1; what the server answers on it, until it closes. */
type Stalled = { answer: Promise<string> };

/**
 * Starts a multipart upload that announces 10 MB, sends its first bytes and then nothing more:
 * a stalled sender, as a raw socket.
 */
function stall(url: string, route: string, token: string): Stalled {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname,account\r\n`;
  socket.write(
    `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n${head}`,
  );
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  socket.on('error', () => {});
  return { answer: new Promise((resolve) => socket.on('close', () => resolve(text))) };
}

describe.each(drivers())('uploads on %s', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      driver,
      config: {
        admission: { concurrency: 4, queue: 256, waitMs: 1000 },
        uploads: { minRate: MIN_RATE, windowMs: WINDOW_MS, perUser: PER_USER },
      },
    });
  });
  afterAll(async () => s?.close());

  const upload = (route: string, token: string, csv: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'devices.csv');
    return fetch(`${s.url}${route}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };

  it('holds no admission place while bodies arrive, cuts stalled ones at the minimum rate and caps uploads per user', async () => {
    const other = await s.createDomain('uploads-other');
    const users = [s.adminToken, other.adminToken];
    // Six stalled senders, three per user: two device imports and one media upload each.
    const stalled = users.flatMap((token) => [
      stall(s.url, '/api/devices/import', token),
      stall(s.url, '/api/devices/import', token),
      stall(s.url, '/api/storage/media', token),
    ]);
    await until(() => uploadsRunning() === 6 && s.app.admission?.stats.running === 0);

    // A fourth upload of the same user is refused; another user's requests are not.
    const fourth = await upload('/api/devices/import', s.adminToken, 'name,account\nd1,a1\n');
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({
      id: 'app.upload.too_many',
      key: 'errors.tooManyUploads',
      params: { max: PER_USER },
    });

    // Every other request is answered meanwhile, well past the admission queue's size.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        fetch(`${s.url}/api/devices?size=10&q=d${i}*`, { headers: { authorization: `Bearer ${s.adminToken}` } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));

    // The stalled ones are cut: 408, and the connection closed.
    for (const { answer } of stalled) {
      const text = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text.toLowerCase()).toContain('connection: close');
      expect(text).toContain('"id":"app.upload.too_slow"');
    }
    await until(() => uploadsRunning() === 0);
    // Nothing of theirs is kept.
    const dir = path.join(s.ctx.config.importDir, String(s.domainId));
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);

    // Places and counts are all given back: uploads at a normal pace are received again (this
    // server runs no job engine, so a body without a file is the one that can end in an answer).
    const again = await Promise.all(
      Array.from({ length: PER_USER }, () => {
        const form = new FormData();
        form.append('mode', 'skip');
        return fetch(`${s.url}/api/devices/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.adminToken}` },
          body: form,
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { fields?: { field: string }[] } }));
      }),
    );
    for (const answer of again) {
      expect(answer.status).toBe(400);
      expect(answer.body.fields?.[0]?.field).toBe('file');
    }
    expect(s.app.admission?.stats).toEqual({ running: 0, waiting: 0 });
  });
});
