import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf, insertUser } from '../../test/fixtures.js';
import { drivers, startTestServer, type TestServer } from '../../test/harness.js';

/**
 * Sixteen clients guess one account at once, each from its own address (TRUST_PROXY with
 * X-Forwarded-For; the server only ever sees loopback), past the account's ceiling: the owner
 * with the right password from a new address gets in at once, and the guesses refused on the
 * way count against the guessing addresses.
 */
describe.each(drivers())('sign-in while an attack runs on %s', (driver) => {
  let server: TestServer;
  let domainId: number;
  const limits = { perUser: 5, perAddress: 20, windowSeconds: 600, accountCeiling: 10, accountSpacingSeconds: 60 };
  beforeAll(async () => {
    // Sixteen clients at once queue on the embedded database's admission: let them wait, not 503.
    const admission = { concurrency: null, queue: 256, waitMs: 60_000 };
    server = await startTestServer({ driver, config: { trustProxy: true, loginLimit: limits, admission } });
    domainId = await domainIdOf(server.ctx);
  });
  afterAll(async () => server?.close());

  const from = (ip: string, username: string, password: string) =>
    server.request('POST', '/api/login', { body: { username, password }, headers: { 'x-forwarded-for': ip } });

  it('lets the owner in from a new address, and uses up the attackers’ addresses', async () => {
    await insertUser(server.ctx, { domainId, username: 'owner', password: 'Owner-pass-1' });
    const attackers = Array.from({ length: 16 }, (_, i) => `127.0.1.${i + 1}`);
    const sent = new Map(attackers.map((ip) => [ip, 0]));
    const answers: number[] = [];
    let stop = false;
    const attack = async (ip: string) => {
      while (!stop) {
        answers.push((await from(ip, 'owner', `guess-${sent.get(ip)}`)).status);
        sent.set(ip, (sent.get(ip) ?? 0) + 1);
      }
    };
    const running = Promise.all(attackers.map(attack));
    try {
      // Until every attacker has been refused past its address's limit, the account's ceiling with them.
      await expect
        .poll(() => Math.min(...sent.values()), { timeout: 120_000, interval: 50 })
        .toBeGreaterThan(limits.perAddress);
      const owner = await from('127.0.2.1', 'owner', 'Owner-pass-1');
      expect(owner.status).toBe(200);
      expect(owner.body.accessToken).toEqual(expect.any(String));
    } finally {
      stop = true;
      await running;
    }
    // Guesses evaluated: the ceiling, the first from each address, and one a spacing at most.
    const evaluated = answers.filter((s) => s === 401).length;
    expect(evaluated).toBeLessThanOrEqual(limits.accountCeiling + attackers.length + 3);
    expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Refused guesses used up the attacker's address: another account is refused from it too.
    const other = await from(attackers[0], 'admin', server.adminPassword);
    expect(other.status).toBe(429);
  }, 180_000);
});
