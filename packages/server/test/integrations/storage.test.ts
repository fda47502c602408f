import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, STORAGE_PATH_PATTERN, storageMessages } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';
import { type S3Standin, startS3Standin } from '../support/s3-standin.mjs';

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
  let folder: string;
  beforeAll(async () => {
    s3 = await startS3Standin({ keyId: 'AKIASTANDIN', bucket: 'records' });
    s = await startTestServer({ driver });
    token = s.adminToken;
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-storage-'));
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
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

  describe('validation per type', () => {
    it.each([
      ['local', {}, 'properties.directory', messages.required],
      ['local', { directory: 'relative/dir' }, 'properties.directory', storageMessages.absolutePath],
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
      const dir = path.join(folder, 'probe');
      const profile = await create({ name: unique('local '), type: 'local', properties: { directory: dir } });
      const res = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      // The probe was written there and removed again.
      expect(fs.existsSync(dir)).toBe(true);
      expect(fs.readdirSync(dir)).toEqual([]);
    });

    it('says what failed for a directory it cannot write', async () => {
      const blocker = path.join(folder, 'a-file');
      fs.writeFileSync(blocker, 'not a folder');
      const profile = await create({
        name: unique('local '),
        type: 'local',
        properties: { directory: path.join(blocker, 'below') },
      });
      const res = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(false);
      expect(res.body.detail).toMatch(/^write: /);
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

    it('answers the refusal of S3 for an unknown key id or bucket', async () => {
      const wrongKey = await create(s3Body({ keyId: 'AKIAOTHER' }));
      const res = await s.request('POST', `${PATH}/${wrongKey.body.id}/test`, { token });
      expect(res.body.ok).toBe(false);
      expect(res.body.detail).toContain('InvalidAccessKeyId');
      const wrongBucket = await create(s3Body({ bucketName: 'nope' }));
      const bucket = await s.request('POST', `${PATH}/${wrongBucket.body.id}/test`, { token });
      expect(bucket.body.detail).toContain('NoSuchBucket');
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

    it('is not supported yet for backblaze, dropbox and drive', async () => {
      const profile = await create({ name: unique('box '), type: 'dropbox', properties: { token: 't' } });
      const res = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Test connection is not supported yet for dropbox storage.');
      const unsaved = await s.request('POST', `${PATH}/test`, {
        token,
        body: { name: 'x', type: 'drive', properties: { directory: 'd', email: 'a@b.co', privateKey: 'k' } },
      });
      expect(unsaved.status).toBe(400);
      expect(unsaved.body.detail).toBe('Test connection is not supported yet for drive storage.');
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

    it('go to the enabled profile of highest priority, stream with ranges from S3 and are deleted there', async () => {
      await disableAll();
      const low = await create({ name: unique('low '), type: 'local', priority: 1, properties: { directory: folder } });
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
});
