import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorTexts, messages, STORAGE_PATH_PATTERN, storageMessages } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundAllow } from '../../src/net/outbound.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';
import { type S3Standin, startS3Standin } from '../support/s3-standin.mjs';
import { type StorageProvidersStandin, startStorageProvidersStandin } from '../support/storage-providers-standin.mjs';

const PATH = '/api/storage/backend_profiles';

/** A valid mono 16-bit PCM WAV of `samples` samples, with varied bytes so ranges can be told apart. */
function wav(samples: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(((i * 7919) % 65536) - 32768, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

describe.each(drivers())('storage profiles on %s', (driver) => {
  let s: TestServer;
  let token: string;
  let s3: S3Standin;
  let providers: StorageProvidersStandin;
  let folder: string;
  /** The domain's folder under the local storage root. */
  let domainFolder: string;
  beforeAll(async () => {
    s3 = await startS3Standin({ keyId: 'AKIASTANDIN', bucket: 'records' });
    providers = await startStorageProvidersStandin();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-storage-'));
    s = await startTestServer({
      driver,
      config: {
        storageApis: providers.apis,
        storageLocalRoot: folder,
        // The S3 stand-in listens on loopback: the outbound policy lets it through by name.
        outboundAllow: parseOutboundAllow(new URL(s3.url).host),
      },
    });
    token = s.adminToken;
    domainFolder = path.join(folder, String(s.domainId));
    fs.mkdirSync(domainFolder);
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
    await providers?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const create = async (body: Record<string, unknown>) => s.request('POST', PATH, { token, body });
  const s3Body = (properties: Record<string, string> = {}) => ({
    name: unique('s3 '),
    type: 's3',
    properties: {
      keyId: s3.keyId,
      accessKey: 'standin-secret',
      bucketName: s3.bucket,
      region: 'eu-west-1',
      endpoint: s3.url,
      ...properties,
    },
  });

  async function upload(bytes: Buffer, name: string) {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'audio/wav' }), name);
    const res = await fetch(`${s.url}/api/storage/media`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
  async function stream(id: number, headers: Record<string, string> = {}) {
    const res = await fetch(`${s.url}/api/storage/media/${id}/stream?access_token=${token}`, { headers });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const patch = (id: number, body: Record<string, unknown>) => s.request('PATCH', `${PATH}/${id}`, { token, body });
  /** Every profile of the domain disabled: files go to the local media folder. */
  async function disableAll() {
    const all = await s.request('GET', `${PATH}?size=1000&fields=id`, { token });
    for (const p of all.body.items) await patch(p.id, { disabled: true });
  }

  describe('validation per type', () => {
    it.each([
      ['local', {}, 'properties.directory', messages.required],
      ['local', { directory: '/etc' }, 'properties.directory', storageMessages.storageFolder],
      ['local', { directory: 'records/../../other' }, 'properties.directory', storageMessages.storageFolder],
      ['backblaze', { account: 'a', key: 'k', bucket: 'b' }, 'properties.bucketId', messages.required],
      ['dropbox', {}, 'properties.token', messages.required],
      ['drive', { directory: 'd', privateKey: 'k', email: 'not mail' }, 'properties.email', messages.email],
    ])('%s refuses %j naming %s', async (type, properties, field, message) => {
      const res = await create({ name: unique('p'), type, properties });
      expect(res.status).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining({ field, message }));
    });

    it('s3 needs its key, secret, bucket and endpoint, a known region and an http(s) endpoint', async () => {
      const missing = await create({ name: unique('p'), type: 's3', properties: {} });
      expect(missing.status).toBe(400);
      const named = missing.body.fields.map((f: { field: string }) => f.field);
      for (const f of ['keyId', 'accessKey', 'bucketName', 'endpoint']) expect(named).toContain(`properties.${f}`);
      const region = await create(s3Body({ region: 'mars-1' }));
      expect(region.body.fields).toContainEqual(
        expect.objectContaining({ field: 'properties.region', message: expect.stringContaining(messages.oneOf) }),
      );
      const endpoint = await create(s3Body({ endpoint: 'ftp://files' }));
      expect(endpoint.body.fields).toContainEqual({ field: 'properties.endpoint', message: storageMessages.url });
      // A Digital Ocean endpoint takes a Digital Ocean region.
      const spaces = await create(s3Body({ endpoint: 'https://fra1.digitaloceanspaces.com', region: 'eu-west-1' }));
      expect(spaces.body.fields).toContainEqual({ field: 'properties.region', message: storageMessages.doRegion });
      expect((await create(s3Body({ endpoint: 'https://fra1.digitaloceanspaces.com', region: 'fra1' }))).status).toBe(
        201,
      );
    });

    it('refuses a negative priority and a max size below 1 GB', async () => {
      const res = await create({ ...s3Body(), priority: -1, maxSize: 0 });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual(
        expect.arrayContaining([
          { field: 'priority', message: `${messages.min} 0` },
          { field: 'maxSize', message: `${messages.min} 1` },
        ]),
      );
    });
  });

  it('fills the defaults of a new S3 profile and never answers its secret', async () => {
    const { properties, ...rest } = s3Body();
    const { region: _region, ...noRegion } = properties;
    const res = await create({ ...rest, properties: noRegion });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ maxSize: 10, expireDays: 30, priority: 0, disabled: false });
    expect(res.body.properties).toEqual({
      keyId: s3.keyId,
      bucketName: s3.bucket,
      endpoint: s3.url,
      region: 'us-east-1',
      pathPattern: STORAGE_PATH_PATTERN,
    });
    expect(res.body.secretsSet).toEqual(['accessKey']);
    const listed = await s.request('GET', `${PATH}?fields=properties&fields=secretsSet&id=${res.body.id}`, { token });
    expect(JSON.stringify(listed.body)).not.toContain('standin-secret');
    // Sent back empty, the secret is kept; the probe below proves it still works.
    const put = await s.request('PUT', `${PATH}/${res.body.id}`, {
      token,
      body: { ...rest, properties: { ...res.body.properties, accessKey: '' } },
    });
    expect(put.status).toBe(200);
    expect(put.body.secretsSet).toEqual(['accessKey']);
    const test = await s.request('POST', `${PATH}/${res.body.id}/test`, { token });
    expect(test.body.ok).toBe(true);
  });

  describe('test connection', () => {
    it('writes, reads and deletes a probe file under a local directory', async () => {
      const dir = path.join(domainFolder, 'probe');
      fs.mkdirSync(dir);
      const profile = await create({ name: unique('local '), type: 'local', properties: { directory: 'probe' } });
      const res = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      // The probe was written there and removed again.
      expect(fs.existsSync(dir)).toBe(true);
      expect(fs.readdirSync(dir)).toEqual([]);
    });

    it('says what failed for a directory it cannot write', async () => {
      const blocker = path.join(domainFolder, 'a-file');
      fs.writeFileSync(blocker, 'not a folder');
      const profile = await create({
        name: unique('local '),
        type: 'local',
        properties: { directory: 'a-file/below' },
      });
      const res = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ok: false,
        detail: errorTexts.storageLocalMissing,
        key: 'errors.storageLocalMissing',
      });
    });

    it('writes, reads and deletes a probe object through S3', async () => {
      const profile = await create(s3Body());
      const before = s3.calls.length;
      const res = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token });
      expect(res.body).toMatchObject({ ok: true });
      const calls = s3.calls.slice(before);
      expect(calls.map((c) => c.split(' ')[0])).toEqual(['PUT', 'GET', 'DELETE']);
      expect(calls[0]).toMatch(/^PUT \/records\/\.switchboard-probe-/);
      expect(s3.objects.size).toBe(0);
    });

    it("tells a refused S3 key or bucket by its kind only, never in the endpoint's words", async () => {
      const wrongKey = await create(s3Body({ keyId: 'AKIAOTHER' }));
      const res = await s.request('POST', `${PATH}/${wrongKey.body.id}/test`, { token });
      expect(res.body).toEqual({ ok: false, detail: errorTexts.outboundSignIn, key: 'errors.outboundSignIn' });
      const wrongBucket = await create(s3Body({ bucketName: 'nope' }));
      const bucket = await s.request('POST', `${PATH}/${wrongBucket.body.id}/test`, { token });
      expect(bucket.body).toEqual({ ok: false, detail: errorTexts.outboundAnswer, key: 'errors.outboundAnswer' });
      expect(JSON.stringify(bucket.body)).not.toContain('NoSuchBucket');
    });

    it('tests the settings of a profile not saved yet, checked as a create, storing nothing', async () => {
      const before = await s.request('GET', `${PATH}?size=1000&fields=id`, { token });
      const ok = await s.request('POST', `${PATH}/test`, { token, body: s3Body() });
      expect(ok.status).toBe(200);
      expect(ok.body.ok).toBe(true);
      const bad = await s.request('POST', `${PATH}/test`, { token, body: s3Body({ endpoint: '' }) });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual([{ field: 'properties.endpoint', message: messages.required }]);
      const after = await s.request('GET', `${PATH}?size=1000&fields=id`, { token });
      expect(after.body.items).toHaveLength(before.body.items.length);
      const reader = await makeActor(s, token, { grants: { storage_profile: 'rw' } });
      expect((await s.request('POST', `${PATH}/test`, { token: reader.token, body: s3Body() })).status).toBe(403);
    });

    it('needs the edit right on the profile, and sees no other domain', async () => {
      const profile = await create(s3Body());
      const reader = await makeActor(s, token, { grants: { storage_profile: 'r' } });
      const refused = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token: reader.token });
      expect(refused.status).toBe(403);
      const other = (await s.createDomain(unique('tenant'))).adminToken;
      const hidden = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token: other });
      expect(hidden.status).toBe(404);
    });
  });
  describe('media files', () => {
    it('go to the enabled profile of highest priority, stream with ranges from S3 and are deleted there', async () => {
      await disableAll();
      const low = await create({
        name: unique('low '),
        type: 'local',
        priority: 1,
        properties: { directory: 'media' },
      });
      const high = await create({ ...s3Body(), priority: 5 });
      const off = await create({ ...s3Body({ bucketName: 'nope' }), priority: 9, disabled: true });
      expect([low.status, high.status, off.status]).toEqual([201, 201, 201]);
      const bytes = wav(2000);
      const before = s3.objects.size;
      const up = await upload(bytes, 'on-s3.wav');
      expect(up.status).toBe(201);
      expect(s3.objects.size).toBe(before + 1);
      const [key, object] = [...s3.objects.entries()].at(-1) as [string, { body: Buffer }];
      // The path pattern: the domain, then the date, under the bucket.
      const today = new Date();
      const day = `${today.getUTCFullYear()}/${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}`;
      expect(key).toMatch(new RegExp(`^records/main/${day}/[0-9a-f-]+\\.wav$`));
      expect(object.body.equals(bytes)).toBe(true);
      // Nothing was kept in the local media folder.
      expect(
        fs.readdirSync(s.ctx.config.mediaDir, { recursive: true }).filter((f) => String(f).endsWith('.wav')),
      ).toEqual([]);

      const whole = await stream(up.body.id);
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(bytes)).toBe(true);
      const part = await stream(up.body.id, { range: 'bytes=100-199' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
      expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);

      // Still streamed from S3 once the profile is disabled and another takes new files.
      await patch(high.body.id, { disabled: true });
      expect((await stream(up.body.id)).bytes.equals(bytes)).toBe(true);
      const local = await upload(wav(300), 'on-local.wav');
      expect(local.status).toBe(201);
      const onDisk = fs.readdirSync(folder, { recursive: true }).filter((f) => String(f).endsWith('.wav'));
      expect(onDisk).toHaveLength(1);
      expect((await stream(local.body.id)).bytes.equals(wav(300))).toBe(true);

      // A profile holding files cannot be deleted.
      const held = await s.request('DELETE', `${PATH}/${high.body.id}`, { token });
      expect(held.status).toBe(409);
      expect(held.body.detail).toBe(
        `Files are stored through the storage profile ${high.body.name} (1): disable it instead, or delete the files first.`,
      );

      expect((await s.request('DELETE', `/api/storage/media/${up.body.id}`, { token })).status).toBe(200);
      expect(s3.objects.has(key)).toBe(false);
      expect((await s.request('DELETE', `/api/storage/media/${local.body.id}`, { token })).status).toBe(200);
      expect(fs.readdirSync(folder, { recursive: true }).filter((f) => String(f).endsWith('.wav'))).toEqual([]);
      await patch(low.body.id, { disabled: true });
    });

    it("are refused past the profile's maxSize, naming the profile and its limit", async () => {
      await disableAll();
      const small = await create({ ...s3Body(), maxSize: 1, priority: 3 });
      const first = await upload(wav(1000), 'fits.wav');
      expect(first.status).toBe(201);
      // The stored files take the profile to a few bytes below 1 GB: the next file does not fit.
      await s.ctx.db.execute(sql`update media_files set size = ${1024 ** 3 - 100} where id = ${first.body.id}`);
      const before = s3.objects.size;
      const refused = await upload(wav(1000), 'too-much.wav');
      expect(refused.status).toBe(413);
      expect(refused.body.detail).toBe(`The storage profile ${small.body.name} is full: it holds at most 1 GB.`);
      expect(refused.body.fields[0].field).toBe('file');
      expect(s3.objects.size).toBe(before);
      // Raised to 2 GB, it takes the file.
      await patch(small.body.id, { maxSize: 2 });
      expect((await upload(wav(1000), 'fits-now.wav')).status).toBe(201);
    });

    it('say when the profile cannot take the file, and keep no record of it', async () => {
      await disableAll();
      await create({ ...s3Body({ keyId: 'AKIAUNKNOWN' }), priority: 4 });
      const listed = await s.request('GET', '/api/storage/media?size=1000', { token });
      const res = await upload(wav(100), 'refused.wav');
      expect(res.status).toBe(502);
      expect(res.body.detail).toMatch(/^The file could not be stored through the storage profile /);
      const after = await s.request('GET', '/api/storage/media?size=1000', { token });
      expect(after.body.items.length).toBe(listed.body.items.length);
    });
  });

  describe.each([
    {
      type: 'backblaze',
      secret: 'key',
      required: ['account', 'key', 'bucket', 'bucketId'],
      properties: () => ({
        account: providers.b2.account,
        key: providers.b2.key,
        bucket: providers.b2.bucket,
        bucketId: providers.b2.bucketId,
      }),
      refusal: 'Backblaze: unauthorized (HTTP 401)',
      stored: () =>
        [...providers.b2.files.values()].map((f) => ({ name: f.fileName, body: f.body, contentType: f.contentType })),
    },
    {
      type: 'dropbox',
      secret: 'token',
      required: ['token'],
      properties: () => ({ token: providers.dropbox.token }),
      refusal: 'Dropbox: invalid_access_token (HTTP 401) the access token was refused',
      stored: () => [...providers.dropbox.files.entries()].map(([p, f]) => ({ name: p.slice(1), body: f.body })),
    },
    {
      type: 'drive',
      secret: 'privateKey',
      required: ['directory', 'privateKey', 'email'],
      properties: () => ({
        directory: providers.drive.folder,
        email: providers.drive.email,
        privateKey: providers.drive.privateKey,
      }),
      refusal: 'Google Drive: invalid_grant (HTTP 400) Invalid JWT Signature.',
      stored: () =>
        [...providers.drive.files.entries()].map(([id, f]) => ({
          name: f.name,
          id,
          body: f.body,
          contentType: f.contentType,
          parents: f.parents,
        })),
    },
  ])('$type profiles', ({ type, secret, required, properties, refusal, stored }) => {
    const body = (more: Record<string, string> = {}, extra: Record<string, unknown> = {}) => ({
      name: unique(`${type} `),
      type,
      properties: { ...properties(), ...more },
      ...extra,
    });
    /** A secret the provider refuses: another key, token or private key. */
    const badSecret = () =>
      type === 'drive'
        ? (generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
            type: 'pkcs8',
            format: 'pem',
          }) as string)
        : 'not-the-secret';

    it('requires its fields, each named', async () => {
      const res = await create({ name: unique('p'), type, properties: {} });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual(
        expect.arrayContaining(required.map((f) => ({ field: `properties.${f}`, message: messages.required }))),
      );
    });

    it('never answers its secret and keeps it when sent back empty', async () => {
      const res = await create(body());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.secretsSet).toEqual([secret]);
      expect(res.body.properties[secret]).toBeUndefined();
      const value = properties()[secret as keyof ReturnType<typeof properties>] as string;
      const read = await s.request('GET', `${PATH}/${res.body.id}`, { token });
      const listed = await s.request('GET', `${PATH}?size=1000&fields=properties&fields=secretsSet`, { token });
      for (const answer of [res.body, read.body, listed.body])
        expect(JSON.stringify(answer)).not.toContain(value.slice(0, 40));
      const put = await s.request('PUT', `${PATH}/${res.body.id}`, {
        token,
        body: { ...body(), name: res.body.name, properties: { ...res.body.properties, [secret]: '' } },
      });
      expect(put.status).toBe(200);
      expect(put.body.secretsSet).toEqual([secret]);
      expect((await s.request('POST', `${PATH}/${res.body.id}/test`, { token })).body).toEqual({
        ok: true,
        detail: 'A probe object was written, read back and deleted.',
      });
    });

    it('tests its connection: a probe written, read and deleted; a bad secret says what the provider said', async () => {
      const before = stored().length;
      const ok = await s.request('POST', `${PATH}/test`, { token, body: body() });
      expect(ok.status).toBe(200);
      expect(ok.body.ok, ok.body.detail).toBe(true);
      expect(stored()).toHaveLength(before);

      const bad = await create(body({ [secret]: badSecret() }));
      const refused = await s.request('POST', `${PATH}/${bad.body.id}/test`, { token });
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({ ok: false, detail: `write: ${refusal}` });
    });

    it('stores a media file there, streams it with ranges and deletes it there', async () => {
      await disableAll();
      const profile = await create(body({}, { priority: 7 }));
      expect(profile.status).toBe(201);
      const bytes = wav(3000);
      const before = stored().length;
      const up = await upload(bytes, `on-${type}.wav`);
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      const files = stored();
      expect(files).toHaveLength(before + 1);
      const file = files.at(-1)!;
      expect(file.body.equals(bytes)).toBe(true);
      const today = new Date();
      const day = `${today.getUTCFullYear()}/${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}`;
      expect(file.name).toMatch(new RegExp(`^main/${day}/[0-9a-f-]+\\.wav$`));
      if (type === 'drive') expect((file as { parents?: string[] }).parents).toEqual([providers.drive.folder]);
      // Nothing was kept in the local media folder.
      expect(
        fs.readdirSync(s.ctx.config.mediaDir, { recursive: true }).filter((f) => String(f).endsWith('.wav')),
      ).toEqual([]);

      const whole = await stream(up.body.id);
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(bytes)).toBe(true);
      const part = await stream(up.body.id, { range: 'bytes=1000-1499' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 1000-1499/${bytes.length}`);
      expect(part.bytes.equals(bytes.subarray(1000, 1500))).toBe(true);
      const tail = await stream(up.body.id, { range: 'bytes=-10' });
      expect(tail.bytes.equals(bytes.subarray(bytes.length - 10))).toBe(true);

      expect((await s.request('DELETE', `/api/storage/media/${up.body.id}`, { token })).status).toBe(200);
      expect(stored()).toHaveLength(before);
      await patch(profile.body.id, { disabled: true });
    });

    it('refuses an upload the provider refuses, with its words, and keeps no record', async () => {
      await disableAll();
      await create(body({ [secret]: badSecret() }, { priority: 8 }));
      const listed = await s.request('GET', '/api/storage/media?size=1000', { token });
      const res = await upload(wav(100), 'refused.wav');
      expect(res.status).toBe(502);
      expect(res.body.detail).toMatch(/^The file could not be stored through the storage profile .+: \S+/);
      const after = await s.request('GET', '/api/storage/media?size=1000', { token });
      expect(after.body.items.length).toBe(listed.body.items.length);
      await disableAll();
    });
  });
});
