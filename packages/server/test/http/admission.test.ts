import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { until } from '../until.js';

const WAIT_MS = 2000;

describe.each(drivers())('admission queue on %s', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver, config: { admission: { concurrency: 1, queue: 2, waitMs: WAIT_MS } } });
  });
  afterAll(async () => s?.close());

  const stats = () => s.app.admission?.stats;
  /** Holds the devices table (on PGlite the whole database) until the returned function is called. */
  const block = async () => {
    let open = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    let locked = () => {};
    const held = new Promise<void>((r) => {
      locked = r;
    });
    const done = s.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`lock table devices in access exclusive mode`);
      locked();
      await gate;
    });
    await held;
    return async () => {
      open();
      await done;
    };
  };
  const get = (path: string) =>
    fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${s.adminToken}` } }).then(async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as { id: string },
    }));

  it('serves requests in arrival order and turns away the ones past the queue, but not the health check', async () => {
    const release = await block();
    const done: string[] = [];
    const send = (label: string, path: string) =>
      get(path).then((answer) => {
        done.push(label);
        return answer;
      });
    const a = send('a', '/api/devices?q=a*');
    await until(() => stats()?.running === 1);
    const b = send('b', '/api/devices?q=b*');
    await until(() => stats()?.waiting === 1);
    const c = send('c', '/api/devices?q=c*');
    await until(() => stats()?.waiting === 2);

    const shed = await get('/api/devices');
    expect(shed.status).toBe(503);
    expect(shed.retryAfter).toBe(String(WAIT_MS / 1000));
    expect(shed.body).toEqual({
      id: 'app.busy',
      code: 503,
      status: 'Service Unavailable',
      detail: `The server is busy. Try again in ${WAIT_MS / 1000} s.`,
      key: 'errors.busy',
      params: { seconds: String(WAIT_MS / 1000) },
    });
    const health = get('/api/health');

    await release();
    const answers = await Promise.all([a, b, c]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200]);
    expect(done).toEqual(['a', 'b', 'c']);
    expect((await health).status).toBe(200);
    expect(stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('turns a request away once it has waited the longest wait', async () => {
    const release = await block();
    const holder = get('/api/devices');
    await until(() => stats()?.running === 1);
    const started = performance.now();
    const waited = await get('/api/devices');
    const elapsed = performance.now() - started;
    expect(waited.status).toBe(503);
    expect(waited.body.id).toBe('app.busy');
    expect(elapsed).toBeGreaterThanOrEqual(WAIT_MS - 50);
    await release();
    expect((await holder).status).toBe(200);
  });

  it('lets a client that leaves while waiting leave the line, and loses no place to it', async () => {
    const release = await block();
    const holder = get('/api/devices');
    await until(() => stats()?.running === 1);
    const leaving = new AbortController();
    const left = fetch(`${s.url}/api/devices`, {
      headers: { authorization: `Bearer ${s.adminToken}` },
      signal: leaving.signal,
    }).catch((error: Error) => error.name);
    await until(() => stats()?.waiting === 1);
    leaving.abort();
    expect(await left).toBe('AbortError');
    // The place frees well before the longest wait would have turned the leaver away.
    await new Promise((r) => setTimeout(r, 100));
    await release();
    expect((await holder).status).toBe(200);
    await until(() => stats()?.waiting === 0 && stats()?.running === 0);
    // The place of the client that left is free: the next request is served at once.
    expect((await get('/api/devices')).status).toBe(200);
    expect(stats()).toEqual({ running: 0, waiting: 0 });
  });
});
