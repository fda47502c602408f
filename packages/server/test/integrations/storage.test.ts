import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, STORAGE_PATH_PATTERN, storageMessages } from '@switchboard/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';
import { type S3Standin, startS3Standin } from '../support/s3-standin.mjs';

const PATH = '/api/storage/backend_profiles';

describe('storage profiles', () => {
  let s: TestServer;
  let token: string;
  let s3: S3Standin;
  let folder: string;
  beforeAll(async () => {
    s3 = await startS3Standin({ keyId: 'AKIASTANDIN', bucket: 'records' });
    s = await startTestServer();
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

    it('is not supported yet for backblaze, dropbox and drive', async () => {
      const profile = await create({ name: unique('box '), type: 'dropbox', properties: { token: 't' } });
      const res = await s.request('POST', `${PATH}/${profile.body.id}/test`, { token });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Test connection is not supported yet for dropbox storage.');
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
});
