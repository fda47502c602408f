import { messages, TWO_FACTOR } from '@switchboard/model';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../harness.js';
import { makeActor } from './helpers.js';

/** What the user's authenticator app shows, `offset` steps from now. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * TWO_FACTOR.periodSeconds * 1000,
  });

describe.each(drivers())('two-factor sign-in on %s', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      driver,
      config: {
        loginLimit: {
          perUser: 8,
          perAddress: 1000,
          windowSeconds: 900,
          accountCeiling: 1000,
          accountSpacingSeconds: 5,
        },
      },
    });
  });
  afterAll(async () => s?.close());

  const password = (username: string) =>
    s.request('POST', '/api/login', { body: { username, password: TEST_ADMIN_PASSWORD, domain: 'main' } });

  /** A user with two-factor sign-in set up; answers its secret and recovery codes. */
  async function enrolled(grants: Record<string, string> = {}) {
    const actor = await makeActor(s, s.adminToken, { grants });
    const before = await s.request('GET', '/api/users/me/two-factor', { token: actor.token });
    expect(before.body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const started = await s.request('POST', '/api/users/me/two-factor', { token: actor.token });
    expect(started.status).toBe(200);
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/Switchboard:/);
    expect(started.body.uri).toContain(`secret=${started.body.secret}`);
    const secret = started.body.secret as string;
    const confirmed = await s.request('POST', '/api/users/me/two-factor/confirm', {
      token: actor.token,
      body: { code: codeOf(secret) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return { ...actor, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  it('sets up with a current code and answers ten recovery codes once', async () => {
    const actor = await makeActor(s, s.adminToken);
    const { body } = await s.request('POST', '/api/users/me/two-factor', { token: actor.token });
    const wrong = await s.request('POST', '/api/users/me/two-factor/confirm', {
      token: actor.token,
      body: { code: codeOf(body.secret, 5) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual([{ field: 'code', message: messages.twoFactorWrong }]);
    const malformed = await s.request('POST', '/api/users/me/two-factor/confirm', {
      token: actor.token,
      body: { code: '12ab' },
    });
    expect(malformed.body.fields).toEqual([{ field: 'code', message: messages.twoFactorCode }]);

    const ok = await s.request('POST', '/api/users/me/two-factor/confirm', {
      token: actor.token,
      body: { code: codeOf(body.secret) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.recoveryCodes).size).toBe(10);
    const status = await s.request('GET', '/api/users/me/two-factor', { token: actor.token });
    expect(status.body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // Set up once: a second set-up would silently replace the phone's secret.
    expect((await s.request('POST', '/api/users/me/two-factor', { token: actor.token })).status).toBe(409);
  });

  it('asks for the code after the password, accepts it once and never replays it', async () => {
    const actor = await enrolled();
    const first = await password(actor.username);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactor: 'code' });
    expect(first.body.accessToken).toBeUndefined();

    const wrong = await s.request('POST', '/api/login/two-factor', {
      body: { challenge: first.body.challenge, code: codeOf(actor.secret, 4) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields[0].field).toBe('code');

    const code = codeOf(actor.secret, 1);
    const session = await s.request('POST', '/api/login/two-factor', {
      body: { challenge: first.body.challenge, code },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const me = await s.request('GET', '/api/userinfo', { token: session.body.accessToken });
    expect(me.body.userId).toBe(actor.userId);

    // The challenge is spent, and the same code is refused on a new one.
    const again = await s.request('POST', '/api/login/two-factor', { body: { challenge: first.body.challenge, code } });
    expect(again.status).toBe(401);
    const second = await password(actor.username);
    const replay = await s.request('POST', '/api/login/two-factor', {
      body: { challenge: second.body.challenge, code },
    });
    expect(replay.status).toBe(400);
  });

  it('takes each recovery code once', async () => {
    const actor = await enrolled();
    const [recovery] = actor.recoveryCodes;
    const first = await password(actor.username);
    const used = await s.request('POST', '/api/login/two-factor', {
      body: { challenge: first.body.challenge, code: recovery.toUpperCase() },
    });
    expect(used.status).toBe(200);
    const second = await password(actor.username);
    const reused = await s.request('POST', '/api/login/two-factor', {
      body: { challenge: second.body.challenge, code: recovery },
    });
    expect(reused.status).toBe(400);
    const status = await s.request('GET', '/api/users/me/two-factor', { token: actor.token });
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it('spends a challenge after its attempts, however many guesses arrive at once', async () => {
    const actor = await enrolled();
    const { body } = await password(actor.username);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        s.request('POST', '/api/login/two-factor', {
          body: { challenge: body.challenge, code: String(100000 + i) },
        }),
      ),
    );
    const evaluated = guesses.filter((g) => g.status === 400 || g.status === 200).length;
    expect(evaluated).toBeLessThanOrEqual(TWO_FACTOR.challengeAttempts);
    const right = await s.request('POST', '/api/login/two-factor', {
      body: { challenge: body.challenge, code: codeOf(actor.secret) },
    });
    expect(right.status).toBe(401);
    expect(right.body.id).toBe('app.auth.challenge_expired');
  });

  it('counts wrong codes like wrong passwords', async () => {
    const actor = await enrolled();
    // Each password step and each code takes an attempt (limit 8); only a finished sign-in gives them back.
    const challenges: string[] = [];
    for (let i = 0; i < 2; i++) challenges.push((await password(actor.username)).body.challenge as string);
    const wrong = async (challenge: string, n: number) => {
      for (let j = 0; j < n; j++) {
        const res = await s.request('POST', '/api/login/two-factor', { body: { challenge, code: String(200000 + j) } });
        expect(res.status).toBe(400);
      }
    };
    await wrong(challenges[0], 4);
    await wrong(challenges[1], 2);
    // Eight attempts: neither the password nor even the right code is evaluated any more.
    const right = await s.request('POST', '/api/login/two-factor', {
      body: { challenge: challenges[1], code: codeOf(actor.secret) },
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await password(actor.username)).status).toBe(429);
  });

  it('turns off with a current code; an administrator resets it', async () => {
    const actor = await enrolled();
    const refused = await s.request('DELETE', '/api/users/me/two-factor', {
      token: actor.token,
      body: { code: codeOf(actor.secret, 7) },
    });
    expect(refused.status).toBe(400);
    const off = await s.request('DELETE', '/api/users/me/two-factor', {
      token: actor.token,
      body: { code: codeOf(actor.secret, 1) },
    });
    expect(off.status).toBe(204);
    expect((await password(actor.username)).body.accessToken).toBeTypeOf('string');

    const other = await enrolled();
    const reader = await makeActor(s, s.adminToken, { grants: { users: 'r' } });
    const view = await s.request('GET', `/api/users/${other.userId}/two-factor`, { token: reader.token });
    expect(view.body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect((await s.request('DELETE', `/api/users/${other.userId}/two-factor`, { token: reader.token })).status).toBe(
      403,
    );
    const foreign = await s.createDomain(`tf${Date.now().toString(36)}`);
    expect(
      (await s.request('DELETE', `/api/users/${other.userId}/two-factor`, { token: foreign.adminToken })).status,
    ).toBe(404);
    const reset = await s.request('DELETE', `/api/users/${other.userId}/two-factor`, { token: s.adminToken });
    expect(reset.status).toBe(204);
    expect((await password(other.username)).body.accessToken).toBeTypeOf('string');
    expect((await s.request('DELETE', `/api/users/${other.userId}/two-factor`, { token: s.adminToken })).status).toBe(
      404,
    );
  });

  it('makes the members of a role that requires it enrol at sign-in', async () => {
    const actor = await makeActor(s, s.adminToken);
    const role = await s.request('PATCH', `/api/roles/${actor.roleId}`, {
      token: s.adminToken,
      body: { requireTwoFactor: true },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect(role.body.requireTwoFactor).toBe(true);

    const first = await password(actor.username);
    expect(first.body).toMatchObject({ twoFactor: 'enrol' });
    const enrol = await s.request('POST', '/api/login/two-factor/enrol', { body: { challenge: first.body.challenge } });
    expect(enrol.status).toBe(200);
    const done = await s.request('POST', '/api/login/two-factor', {
      body: { challenge: first.body.challenge, code: codeOf(enrol.body.secret) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    const token = done.body.accessToken as string;
    expect((await s.request('GET', '/api/users/me/two-factor', { token })).body).toMatchObject({
      enabled: true,
      required: true,
    });
    const off = await s.request('DELETE', '/api/users/me/two-factor', {
      token,
      body: { code: codeOf(enrol.body.secret, 1) },
    });
    expect(off.status).toBe(403);
    expect((await password(actor.username)).body.twoFactor).toBe('code');
  });
});
