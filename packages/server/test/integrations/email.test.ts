import { EMAIL_MAILBOX, errorTexts, messages } from '@switchboard/model';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundAllow } from '../../src/net/outbound.js';
import { pollEmailProfiles } from '../../src/resources/integrations/email/poll.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';
import { type FlowRunnerStandin, startFlowRunnerStandin } from '../support/flow-runner-standin.mjs';
import { type Dovecot, freePort, type SmtpServer, startDovecot, startSmtpServer } from '../support/mail-servers.mjs';
import { until } from '../until.js';

const PATH = '/api/email/profile';
const SECRET = 'runner-secret';
/** Known to both servers. */
const SUPPORT = { user: 'support', password: 'support-pass' };
/** Known to the IMAP server only: its SMTP sign-in is refused. */
const IMAP_ONLY = { user: 'imaponly', password: 'imaponly-pass' };

let mailboxes = 0;

describe.each(drivers())('email profiles on %s', (driver) => {
  let imap: Dovecot;
  let smtp: SmtpServer;
  let runner: FlowRunnerStandin;
  let s: TestServer;
  let token: string;
  let flowId: number;
  /** A loopback port nothing listens on, which the outbound policy lets through. */
  let closed: number;

  beforeAll(async () => {
    imap = await startDovecot({ users: [SUPPORT, IMAP_ONLY] });
    smtp = await startSmtpServer({ users: [SUPPORT] });
    runner = await startFlowRunnerStandin({ secret: SECRET });
    closed = await freePort();
    s = await startTestServer({
      driver,
      config: {
        flowRunnerUrl: runner.url,
        flowRunnerSecret: SECRET,
        emailTimeoutSeconds: 10,
        // The mail stand-ins listen on loopback: the outbound policy lets exactly them through.
        outboundAllow: parseOutboundAllow(`${imap.host}:${imap.port},${smtp.host}:${smtp.port},127.0.0.1:${closed}`),
      },
    });
    token = s.adminToken;
    const flow = await s.request('POST', '/api/routing/schema', {
      token,
      body: { name: unique('mail flow '), type: 'service', schema: [{ log: 'mail' }] },
    });
    flowId = flow.body.id;
  });
  afterAll(async () => {
    await s?.close();
    await runner?.close();
    await smtp?.close();
    await imap?.close();
  });

  /** An IMAP session as the support user (the tests' own client, to put mail in and look at it). */
  async function mailClient<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: false,
      auth: { user: SUPPORT.user, pass: SUPPORT.password },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  }

  /** A mailbox of its own for one test. */
  const newMailbox = () =>
    mailClient(async (client) => {
      const name = `Test${++mailboxes}${driver}`;
      await client.mailboxCreate(name);
      return name;
    });

  /** Appends a message (unseen) and answers its UID. */
  const deliver = (mailbox: string, subject: string, body = 'Hello, I need help with my order.') =>
    mailClient(async (client) => {
      const raw = [
        'From: "Ann Customer" <ann@example.net>',
        'To: support@example.com',
        `Subject: ${subject}`,
        `Message-ID: <${subject.replace(/\W/g, '')}@example.net>`,
        'Date: Tue, 24 Nov 2026 10:00:00 +0000',
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
        '',
      ].join('\r\n');
      const appended = await client.append(mailbox, raw);
      return appended ? (appended.uid as number) : 0;
    });

  /** The flags of each message of the mailbox, by UID. */
  const flagsOf = (mailbox: string) =>
    mailClient(async (client) => {
      const lock = await client.getMailboxLock(mailbox);
      const out = new Map<number, string[]>();
      try {
        for await (const m of client.fetch('1:*', { flags: true, uid: true })) out.set(m.uid, [...(m.flags ?? [])]);
      } catch {
        // An empty mailbox has no 1:*.
      } finally {
        lock.release();
      }
      return out;
    });

  const profileBody = (more: Record<string, unknown> = {}) => ({
    name: unique('mail '),
    schema: { id: flowId },
    imapHost: imap.host,
    imapPort: imap.port,
    smtpHost: smtp.host,
    smtpPort: smtp.port,
    login: SUPPORT.user,
    password: SUPPORT.password,
    ...more,
  });
  const create = (more: Record<string, unknown> = {}) => s.request('POST', PATH, { token, body: profileBody(more) });

  describe('records', () => {
    it('take the spec defaults: IMAP 993, SMTP 587, every 60 seconds, INBOX, enabled', async () => {
      const res = await s.request('POST', PATH, {
        token,
        body: {
          name: unique('d'),
          schema: { id: flowId },
          imapHost: 'imap.example.com',
          smtpHost: 'smtp.example.com',
          login: 'x',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        imapPort: 993,
        smtpPort: 587,
        fetchInterval: 60,
        mailbox: EMAIL_MAILBOX,
        enabled: true,
        passwordSet: false,
        fetchedCount: 0,
        lastFetchAt: null,
        lastError: '',
        schema: { id: flowId },
      });
    });

    it('refuse a flow that is not a service flow, and ports outside 0 to 65535', async () => {
      const voice = await s.request('POST', '/api/routing/schema', {
        token,
        body: { name: unique('voice '), type: 'voice', schema: [] },
      });
      const wrongFlow = await create({ schema: { id: voice.body.id } });
      expect(wrongFlow.status).toBe(400);
      expect(wrongFlow.body.fields).toContainEqual(expect.objectContaining({ field: 'schema' }));
      const port = await create({ imapPort: 70000, smtpPort: -5 });
      expect(port.status).toBe(400);
      expect(port.body.fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'imapPort', message: `${messages.max} 65535` }),
          expect.objectContaining({ field: 'smtpPort', message: `${messages.min} 0` }),
        ]),
      );
      const missing = await s.request('POST', PATH, { token, body: { name: unique('m') } });
      expect(missing.status).toBe(400);
      const fields = (missing.body.fields as { field: string }[]).map((f) => f.field);
      expect(fields).toEqual(expect.arrayContaining(['schema', 'imapHost', 'smtpHost', 'login']));
    });

    it('keep their flow: it cannot be deleted or change its type while a profile runs it', async () => {
      const flow = await s.request('POST', '/api/routing/schema', {
        token,
        body: { name: unique('mail flow '), type: 'service', schema: [] },
      });
      const made = await create({ name: unique('uses flow '), schema: { id: flow.body.id } });
      expect(made.status).toBe(201);
      const refused = await s.request('DELETE', `/api/routing/schema/${flow.body.id}`, { token });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        `This flow is used by "${made.body.name}" (outbound routes, chat routes, chat gateways, triggers or email profiles): change or delete those first.`,
      );
      const retyped = await s.request('PATCH', `/api/routing/schema/${flow.body.id}`, {
        token,
        body: { type: 'voice' },
      });
      expect(retyped.status).toBe(409);
      expect((await s.request('DELETE', `${PATH}/${made.body.id}`, { token })).status).toBe(200);
      expect((await s.request('DELETE', `/api/routing/schema/${flow.body.id}`, { token })).status).toBe(200);
    });

    it('never answer the password, and keep it when a write leaves it out or empty', async () => {
      const made = await create();
      expect(made.status).toBe(201);
      expect(made.body).not.toHaveProperty('password');
      expect(made.body.passwordSet).toBe(true);
      const { password: _left, ...withoutPassword } = profileBody({ name: made.body.name, description: 'edited' });
      const put = await s.request('PUT', `${PATH}/${made.body.id}`, { token, body: withoutPassword });
      expect(put.status).toBe(200);
      expect(put.body.passwordSet).toBe(true);
      const patch = await s.request('PATCH', `${PATH}/${made.body.id}`, { token, body: { password: '' } });
      expect(patch.body.passwordSet).toBe(true);
      const list = await s.request('GET', PATH, { token, query: { fields: 'password' } });
      expect(list.status).toBe(400);
      // The stored password still signs in.
      const test = await s.request('POST', `${PATH}/${made.body.id}/test`, { token });
      expect(test.body.ok).toBe(true);
    });
  });

  describe('test connection', () => {
    it('signs in over IMAP (opening the mailbox) and over SMTP', async () => {
      const made = await create();
      const res = await s.request('POST', `${PATH}/${made.body.id}/test`, { token });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      expect(res.body.imap).toEqual({ ok: true, detail: expect.stringContaining(`as ${SUPPORT.user}; mailbox INBOX`) });
      expect(res.body.smtp).toEqual({ ok: true, detail: expect.stringContaining('EHLO and AUTH accepted') });
      // A profile not saved yet, with the editor's values.
      const unsaved = await s.request('POST', `${PATH}/test`, { token, body: profileBody() });
      expect(unsaved.body.ok).toBe(true);
    });

    it('says the IMAP sign-in was refused for a wrong password', async () => {
      const res = await s.request('POST', `${PATH}/test`, { token, body: profileBody({ password: 'wrong' }) });
      expect(res.body.ok).toBe(false);
      expect(res.body.imap.ok).toBe(false);
      expect(res.body.imap).toEqual({ ok: false, detail: errorTexts.outboundSignIn, key: 'errors.outboundSignIn' });
    });

    it('says the SMTP sign-in was refused for credentials the SMTP server does not know', async () => {
      const res = await s.request('POST', `${PATH}/test`, {
        token,
        body: profileBody({ login: IMAP_ONLY.user, password: IMAP_ONLY.password }),
      });
      expect(res.body.imap.ok).toBe(true);
      expect(res.body.smtp.ok).toBe(false);
      expect(res.body.smtp).toEqual({ ok: false, detail: errorTexts.outboundSignIn, key: 'errors.outboundSignIn' });
      // The server's own words (535 ...) are for the log only.
      expect(JSON.stringify(res.body)).not.toContain('535');
      expect(res.body.ok).toBe(false);
    });

    it('tells a server that is not there and a mailbox that does not exist', async () => {
      const res = await s.request('POST', `${PATH}/test`, {
        token,
        body: profileBody({ imapPort: closed, smtpPort: closed }),
      });
      const noConnection = { ok: false, detail: errorTexts.outboundConnect, key: 'errors.outboundConnect' };
      expect(res.body.imap).toEqual(noConnection);
      expect(res.body.smtp).toEqual(noConnection);
      expect(JSON.stringify(res.body)).not.toContain('ECONNREFUSED');
      const noBox = await s.request('POST', `${PATH}/test`, { token, body: profileBody({ mailbox: 'Nowhere' }) });
      expect(noBox.body.imap).toEqual({ ok: false, detail: errorTexts.outboundMailbox, key: 'errors.outboundMailbox' });
    });

    it('of a saved profile takes the editor values sent, keeping the stored password', async () => {
      const made = await create({ mailbox: 'Nowhere' });
      const res = await s.request('POST', `${PATH}/${made.body.id}/test`, { token, body: { mailbox: 'INBOX' } });
      expect(res.body.ok).toBe(true);
    });

    it('needs the edit right (create right when not saved), and sees no other domain', async () => {
      const made = await create();
      const reader = await makeActor(s, token, { grants: { email_profile: 'r' } });
      expect((await s.request('POST', `${PATH}/${made.body.id}/test`, { token: reader.token })).status).toBe(403);
      expect((await s.request('POST', `${PATH}/test`, { token: reader.token, body: profileBody() })).status).toBe(403);
      expect((await s.request('POST', PATH, { token: reader.token, body: profileBody() })).status).toBe(403);
      const nobody = await makeActor(s, token);
      expect((await s.request('GET', PATH, { token: nobody.token })).status).toBe(403);
      const other = (await s.createDomain(unique('tenant'))).adminToken;
      expect((await s.request('POST', `${PATH}/${made.body.id}/test`, { token: other })).status).toBe(404);
      expect((await s.request('GET', `${PATH}/${made.body.id}`, { token: other })).status).toBe(404);
      const theirs = await s.request('GET', PATH, { token: other, query: { size: 100 } });
      expect(theirs.body.items).toEqual([]);
    });
  });

  describe('polling', () => {
    const read = async (id: number) => (await s.request('GET', `${PATH}/${id}`, { token })).body;

    it('hands each new message to the flow runner with its variables, then marks it seen', async () => {
      const mailbox = await newMailbox();
      const made = await create({ mailbox });
      const uid = await deliver(mailbox, `Order 1 ${driver}`);
      const before = runner.calls.length;
      const outcome = await pollEmailProfiles(s.ctx, made.body.id);
      expect(outcome).toEqual([{ profileId: made.body.id, fetched: 1, error: '' }]);
      const calls = runner.calls.slice(before);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({
        domain: 'main',
        flow: { id: flowId, type: 'service', schema: [{ log: 'mail' }] },
        origin: {
          kind: 'email',
          id: made.body.id,
          runId: expect.stringMatching(new RegExp(`^${made.body.id}-\\d+-${uid}$`)),
        },
        variables: {
          from: 'ann@example.net',
          fromName: 'Ann Customer',
          to: 'support@example.com',
          subject: `Order 1 ${driver}`,
          text: expect.stringContaining('I need help with my order'),
          messageId: `<Order1${driver}@example.net>`,
          date: '2026-11-24T10:00:00.000Z',
          mailbox,
          uid: String(uid),
        },
      });
      expect((await flagsOf(mailbox)).get(uid)).toContain('\\Seen');
      const after = await read(made.body.id);
      expect(after).toMatchObject({ fetchedCount: 1, lastError: '' });
      expect(after.lastFetchAt).not.toBeNull();
      // Not due again before its interval: a second poll fetches nothing.
      await deliver(mailbox, `Order 2 ${driver}`);
      expect(await pollEmailProfiles(s.ctx, made.body.id)).toEqual([]);
      expect(runner.calls.length).toBe(before + 1);
    });

    it('leaves a message unseen when its hand-over fails, and shows the error on the profile', async () => {
      const mailbox = await newMailbox();
      const made = await create({ mailbox });
      const uid = await deliver(mailbox, `Refused ${driver}`);
      const respond = runner.respond;
      runner.respond = () => ({ status: 500, body: { error: 'the flow broke' } });
      try {
        const [outcome] = await pollEmailProfiles(s.ctx, made.body.id);
        expect(outcome.fetched).toBe(0);
      } finally {
        runner.respond = respond;
      }
      expect((await flagsOf(mailbox)).get(uid)).not.toContain('\\Seen');
      const failed = await read(made.body.id);
      expect(failed.fetchedCount).toBe(0);
      expect(failed.lastError).toBe(
        `Message <Refused${driver}@example.net>: The flow runner answered 500: the flow broke`,
      );
      // Changing the profile makes it due at once; the runner takes it now.
      await s.request('PATCH', `${PATH}/${made.body.id}`, { token, body: { description: 'retry' } });
      expect(await pollEmailProfiles(s.ctx, made.body.id)).toEqual([
        { profileId: made.body.id, fetched: 1, error: '' },
      ]);
      expect((await flagsOf(mailbox)).get(uid)).toContain('\\Seen');
      expect(await read(made.body.id)).toMatchObject({ fetchedCount: 1, lastError: '' });
    });

    it.runIf(driver === 'postgres')('fetches a profile on one API node at a time', async () => {
      const second = await startTestServer({
        databaseUrl: s.databaseUrl as string,
        config: {
          flowRunnerUrl: runner.url,
          flowRunnerSecret: SECRET,
          emailTimeoutSeconds: 10,
          outboundAllow: s.ctx.config.outboundAllow,
        },
      });
      const respond = runner.respond;
      // A slow hand-over keeps the first node's fetch under way while the second looks.
      runner.respond = () => ({ status: 200, body: {}, delayMs: 400 });
      try {
        const mailbox = await newMailbox();
        const made = await create({ mailbox });
        await deliver(mailbox, `Once ${driver}`);
        const before = runner.calls.length;
        const [a, b] = await Promise.all([
          pollEmailProfiles(s.ctx, made.body.id),
          pollEmailProfiles(second.ctx, made.body.id),
        ]);
        expect([...a, ...b]).toEqual([{ profileId: made.body.id, fetched: 1, error: '' }]);
        expect(runner.calls.length).toBe(before + 1);
      } finally {
        runner.respond = respond;
        await second.close();
      }
    });

    it('does not poll a disabled profile', async () => {
      const mailbox = await newMailbox();
      const made = await create({ mailbox, enabled: false });
      const uid = await deliver(mailbox, `Ignored ${driver}`);
      const before = runner.calls.length;
      expect(await pollEmailProfiles(s.ctx, made.body.id)).toEqual([]);
      expect(runner.calls.length).toBe(before);
      expect((await flagsOf(mailbox)).get(uid)).not.toContain('\\Seen');
      expect((await read(made.body.id)).lastFetchAt).toBeNull();
    });

    it('shows why a mailbox cannot be fetched', async () => {
      const made = await create({ password: 'wrong' });
      const [outcome] = await pollEmailProfiles(s.ctx, made.body.id);
      expect(outcome.error).toBe(`IMAP 127.0.0.1:${imap.port}: ${errorTexts.outboundSignIn}`);
      // What the server said is kept for the log.
      expect(outcome.detail).toMatch(/\S/);
      const after = await read(made.body.id);
      expect(after.lastError).toBe(outcome.error);
      expect(after.lastFetchAt).not.toBeNull();
    });
  });
});

describe('email polling through the job engine', () => {
  it('fetches an enabled profile on its own, every EMAIL_POLL_SECONDS', async () => {
    const imap = await startDovecot({ users: [SUPPORT] });
    const runner = await startFlowRunnerStandin();
    const s = await startTestServer({
      config: {
        flowRunnerUrl: runner.url,
        emailPollSeconds: 1,
        emailTimeoutSeconds: 10,
        outboundAllow: parseOutboundAllow(`${imap.host}:${imap.port}`),
      },
      jobs: { pollingIntervalSeconds: 1 },
    });
    try {
      const flow = await s.request('POST', '/api/routing/schema', {
        token: s.adminToken,
        body: { name: 'mail', type: 'service', schema: [] },
      });
      const client = new ImapFlow({
        host: imap.host,
        port: imap.port,
        secure: false,
        auth: { user: SUPPORT.user, pass: SUPPORT.password },
        logger: false,
      });
      await client.connect();
      await client.append('INBOX', 'From: a@example.net\r\nSubject: by the job\r\n\r\nhi\r\n');
      await client.logout();
      const made = await s.request('POST', PATH, {
        token: s.adminToken,
        body: {
          name: 'jobs',
          schema: { id: flow.body.id },
          imapHost: imap.host,
          imapPort: imap.port,
          smtpHost: 'smtp.example.com',
          login: SUPPORT.user,
          password: SUPPORT.password,
        },
      });
      expect(made.status).toBe(201);
      // The engine's own pace: wait (not time) until the profile says the message was handed over.
      const fetched = async () =>
        (await s.request('GET', `${PATH}/${made.body.id}`, { token: s.adminToken })).body.fetchedCount as number;
      expect(await until(fetched, 'the message handed over')).toBe(1);
      expect(runner.calls.map((c) => c.variables.subject)).toEqual(['by the job']);
    } finally {
      await s.close();
      await runner.close();
      await imap.close();
    }
  });
});
