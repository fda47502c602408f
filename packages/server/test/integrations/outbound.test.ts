import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { errorTexts, storageMessages } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseOutboundAllow } from '../../src/net/outbound.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { unique } from '../resources/helpers.js';

const EMAIL = '/api/email/profile';
const STORAGE = '/api/storage/backend_profiles';
/** What the listener says to whoever connects: it must never reach a domain administrator. */
const BANNER = 'SECRET-BANNER-4711';

const policyRefusal = { ok: false, detail: errorTexts.outboundPolicy, key: 'errors.outboundPolicy' };

/**
 * The outbound policy through the API: a real listener on 127.0.0.1 stands for an inside service
 * (a database port, our own API); the other ranges are decided from a resolver stub in
 * src/net/outbound.test.ts, without connecting.
 */
describe.each(drivers())('settings that reach out, on %s', (driver) => {
  let s: TestServer;
  let token: string;
  let listener: net.Server;
  let port: number;
  let connections = 0;
  const sockets = new Set<net.Socket>();
  let flowId: number;
  let root: string;
  let domainFolder: string;

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections++;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
      socket.end(`* BYE ${BANNER}\r\n`);
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-outbound-'));
    s = await startTestServer({ driver, config: { storageLocalRoot: path.join(root, 'storage') } });
    token = s.adminToken;
    domainFolder = path.join(root, 'storage', String(s.domainId));
    const flow = await s.request('POST', '/api/routing/schema', {
      token,
      body: { name: unique('mail flow '), type: 'service', schema: [] },
    });
    flowId = flow.body.id;
  });
  afterAll(async () => {
    await s?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => listener?.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    // Refused by default: the server's own configuration has no allow list.
    s.ctx.config.outboundAllow = [];
  });

  const mailBody = (more: Record<string, unknown> = {}) => ({
    name: unique('mail '),
    schema: { id: flowId },
    imapHost: '127.0.0.1',
    imapPort: port,
    smtpHost: '127.0.0.1',
    smtpPort: port,
    login: 'support',
    password: 'stored-secret',
    ...more,
  });

  describe('email profiles', () => {
    it('never reach a listener on 127.0.0.1 by default, and reach it once the allow list names it', async () => {
      const before = connections;
      const refused = await s.request('POST', `${EMAIL}/test`, { token, body: mailBody() });
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({ ok: false, imap: policyRefusal, smtp: policyRefusal });
      // A name that resolves to loopback is refused the same way.
      for (const host of ['localhost']) {
        const other = await s.request('POST', `${EMAIL}/test`, {
          token,
          body: mailBody({ imapHost: host, smtpHost: host }),
        });
        expect(other.body.imap, JSON.stringify(other.body)).toEqual(policyRefusal);
      }
      expect(connections).toBe(before);

      s.ctx.config.outboundAllow = parseOutboundAllow(`127.0.0.1:${port}`);
      const reached = await s.request('POST', `${EMAIL}/test`, { token, body: mailBody() });
      expect(connections).toBeGreaterThan(before);
      expect(reached.body.ok).toBe(false);
      // What the listener said, and the socket's errors, stay in the server log.
      for (const side of ['imap', 'smtp'] as const) {
        expect(['errors.outboundConnect', 'errors.outboundAnswer']).toContain(reached.body[side].key);
      }
      const text = JSON.stringify(reached.body);
      expect(text).not.toContain(BANNER);
      expect(text).not.toMatch(/ECONN|EPIPE|ETIMEDOUT|socket/i);
    });

    it('never send the stored password to a host, port or login other than the saved ones', async () => {
      s.ctx.config.outboundAllow = parseOutboundAllow(`127.0.0.1:${port}`);
      const made = await s.request('POST', EMAIL, { token, body: mailBody({ imapHost: 'imap.example.com' }) });
      expect(made.status).toBe(201);
      const before = connections;
      for (const moved of [
        { imapHost: '127.0.0.1' },
        { imapPort: port + 1 },
        { smtpHost: 'mail.attacker.example', smtpPort: 25 },
        { login: 'someone-else' },
      ]) {
        const res = await s.request('POST', `${EMAIL}/${made.body.id}/test`, { token, body: moved });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual([
          expect.objectContaining({ field: 'password', message: errorTexts.passwordAgain }),
        ]);
      }
      expect(connections).toBe(before);
      // The same values with the password sent again are tested.
      const again = await s.request('POST', `${EMAIL}/${made.body.id}/test`, {
        token,
        body: { imapHost: '127.0.0.1', password: 'typed-again' },
      });
      expect(again.status).toBe(200);
      expect(connections).toBeGreaterThan(before);
      // Values equal to the saved ones (or none) keep the stored password.
      const same = await s.request('POST', `${EMAIL}/${made.body.id}/test`, {
        token,
        body: { imapHost: 'IMAP.example.com', smtpPort: port, mailbox: 'INBOX' },
      });
      expect(same.status).toBe(200);
    });
  });

  describe('S3 storage profiles', () => {
    const s3Body = (endpoint: string) => ({
      name: unique('s3 '),
      type: 's3',
      properties: { keyId: 'AKIA', accessKey: 'secret', bucketName: 'b', region: 'eu-west-1', endpoint },
    });

    it('never reach a listener on 127.0.0.1 by default, and reach it once the allow list names it', async () => {
      const before = connections;
      for (const endpoint of [
        `http://127.0.0.1:${port}`,
        `http://localhost:${port}`,
        `http://[::ffff:127.0.0.1]:${port}`,
        `http://2130706433:${port}`,
      ]) {
        const res = await s.request('POST', `${STORAGE}/test`, { token, body: s3Body(endpoint) });
        expect(res.status).toBe(200);
        expect(res.body).toEqual(policyRefusal);
      }
      const saved = await s.request('POST', STORAGE, { token, body: s3Body(`http://127.0.0.1:${port}`) });
      expect((await s.request('POST', `${STORAGE}/${saved.body.id}/test`, { token })).body).toEqual(policyRefusal);
      expect(connections).toBe(before);

      s.ctx.config.outboundAllow = parseOutboundAllow(`127.0.0.1:${port}`);
      const reached = await s.request('POST', `${STORAGE}/${saved.body.id}/test`, { token });
      expect(connections).toBeGreaterThan(before);
      expect(reached.body).toEqual({ ok: false, detail: errorTexts.outboundConnect, key: 'errors.outboundConnect' });
      expect(JSON.stringify(reached.body)).not.toContain(BANNER);
    });
  });

  describe('local storage profiles', () => {
    const local = (directory: string) => ({ name: unique('local '), type: 'local', properties: { directory } });

    it('refuse a directory that is absolute or climbs out with ..', async () => {
      for (const directory of ['/etc', '../1', 'a/../../b', 'C:\\data']) {
        const res = await s.request('POST', STORAGE, { token, body: local(directory) });
        expect(res.status, directory).toBe(400);
        expect(res.body.fields).toEqual([{ field: 'properties.directory', message: storageMessages.storageFolder }]);
      }
    });

    it('write in the domain folder under the storage root, and a test makes no folder', async () => {
      const profile = await s.request('POST', STORAGE, { token, body: local('records/calls') });
      expect(profile.status).toBe(201);
      const missing = await s.request('POST', `${STORAGE}/${profile.body.id}/test`, { token });
      expect(missing.body).toEqual({
        ok: false,
        detail: errorTexts.storageLocalMissing,
        key: 'errors.storageLocalMissing',
      });
      expect(fs.existsSync(domainFolder)).toBe(false);
      fs.mkdirSync(path.join(domainFolder, 'records', 'calls'), { recursive: true });
      const ok = await s.request('POST', `${STORAGE}/${profile.body.id}/test`, { token });
      expect(ok.body.ok).toBe(true);
      expect(fs.readdirSync(path.join(domainFolder, 'records', 'calls'))).toEqual([]);
    });

    it('refuse a symbolic link leading out of the domain folder', async () => {
      const outside = fs.mkdtempSync(path.join(root, 'elsewhere-'));
      fs.mkdirSync(domainFolder, { recursive: true });
      fs.symlinkSync(outside, path.join(domainFolder, 'escape'));
      const profile = await s.request('POST', STORAGE, { token, body: local('escape') });
      expect(profile.status).toBe(201);
      const res = await s.request('POST', `${STORAGE}/${profile.body.id}/test`, { token });
      expect(res.body).toEqual({
        ok: false,
        detail: errorTexts.storageLocalOutside,
        key: 'errors.storageLocalOutside',
      });
      expect(fs.readdirSync(outside)).toEqual([]);
    });

    it('refuse a directory saved before the rule (absolute, elsewhere), creating nothing', async () => {
      const target = path.join(root, 'nonexistent', 'dir');
      const profile = await s.request('POST', STORAGE, { token, body: local('placeholder') });
      await s.ctx.db.execute(
        sql`update storage_profiles set properties = ${JSON.stringify({ directory: target })}::jsonb where id = ${profile.body.id}`,
      );
      const res = await s.request('POST', `${STORAGE}/${profile.body.id}/test`, { token });
      expect(res.body).toMatchObject({ ok: false, key: 'errors.storageLocalOutside' });
      expect(fs.existsSync(path.join(root, 'nonexistent'))).toBe(false);
    });
  });
});
