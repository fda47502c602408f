import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageApis } from '../../src/config.js';
import { backendOf, probe, type StorageEnv } from '../../src/resources/integrations/storage/backends.js';
import { MULTIPART_MAX_BYTES } from '../../src/resources/integrations/storage/providers/drive.js';
import { dropboxBackend } from '../../src/resources/integrations/storage/providers/dropbox.js';
import { type StorageProvidersStandin, startStorageProvidersStandin } from '../support/storage-providers-standin.mjs';

/** The operator's provider APIs as a backend's environment (no local root, no allow list: unused here). */
const envOf = (apis: StorageApis): StorageEnv => ({
  storageApis: apis,
  storageLocalRoot: os.tmpdir(),
  outboundAllow: [],
});

/** The provider backends alone, against the stand-in: what test connection says in edge cases. */
describe('storage provider backends', () => {
  let providers: StorageProvidersStandin;
  beforeAll(async () => {
    providers = await startStorageProvidersStandin();
  });
  afterAll(async () => {
    await providers?.close();
  });
  const drive = (privateKey: string, more: Record<string, string> = {}) => ({
    type: 'drive' as const,
    properties: { directory: providers.drive.folder, email: providers.drive.email, privateKey, ...more },
  });

  it('says a provider cannot be reached, never throws', async () => {
    // A port nothing listens on any more.
    const spare = http.createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(spare.address() as AddressInfo).port}`;
    await new Promise((resolve) => spare.close(resolve));
    const closed: StorageApis = {
      backblaze: `http://${host}/b2`,
      dropboxApi: `http://${host}/api`,
      dropboxContent: `http://${host}/content`,
      googleToken: `http://${host}/token`,
      googleDrive: `http://${host}`,
    };
    for (const [type, properties, provider] of [
      ['dropbox', { token: 't' }, 'Dropbox'],
      ['backblaze', { account: 'a', key: 'k', bucket: 'b', bucketId: 'i' }, 'Backblaze'],
      ['drive', drive(providers.drive.privateKey).properties, 'Google Drive'],
    ] as const) {
      expect(await probe({ type, properties }, envOf(closed))).toEqual({
        ok: false,
        detail: `write: ${provider}: unreachable ${host} cannot be reached: ECONNREFUSED`,
      });
    }
  });

  it('takes a Drive key as PEM, with its line breaks written \\n, or as the JSON key file', async () => {
    const pem = providers.drive.privateKey;
    expect((await probe(drive(pem), envOf(providers.apis))).ok).toBe(true);
    expect((await probe(drive(pem.replaceAll('\n', '\\n')), envOf(providers.apis))).ok).toBe(true);
    const file = JSON.stringify({ type: 'service_account', client_email: providers.drive.email, private_key: pem });
    expect((await probe(drive(file), envOf(providers.apis))).ok).toBe(true);
    expect(await probe(drive('not a key'), envOf(providers.apis))).toEqual({
      ok: false,
      detail: 'write: Google Drive: invalid_private_key the private key is not a PEM private key',
    });
    // RS256 (jose) signs with RSA keys of 2048 bits or more, as Google's are.
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(await probe(drive(short as string), envOf(providers.apis))).toEqual({
      ok: false,
      detail: 'write: Google Drive: invalid_private_key RS256 requires key modulusLength to be 2048 bits or larger',
    });
  });

  it("answers Drive's refusal of an unknown service account and of a folder it cannot see", async () => {
    const pem = providers.drive.privateKey;
    expect((await probe(drive(pem, { email: 'other@x.iam.gserviceaccount.com' }), envOf(providers.apis))).detail).toBe(
      'write: Google Drive: invalid_grant (HTTP 400) Invalid grant: account not found',
    );
    expect((await probe(drive(pem, { directory: 'elsewhere' }), envOf(providers.apis))).detail).toBe(
      'write: Google Drive: notFound (HTTP 404) File not found: elsewhere.',
    );
  });

  it('uploads a Drive file past 5 MB through a resumable session, and reads a range of it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-drive-'));
    try {
      const file = path.join(dir, 'big.bin');
      const bytes = Buffer.alloc(MULTIPART_MAX_BYTES + 1000);
      for (let i = 0; i < bytes.length; i += 997) bytes[i] = i % 251;
      fs.writeFileSync(file, bytes);
      const backend = backendOf(drive(providers.drive.privateKey), envOf(providers.apis));
      const before = providers.calls.length;
      const stored = await backend.put('main/big.bin', file, bytes.length, 'application/x-ndjson');
      expect(providers.calls.slice(before).filter((c) => c.includes('/upload/'))).toEqual([
        'POST /google/upload/drive/v3/files',
        'PUT /google/upload/drive/v3/files',
      ]);
      const id = stored.split('/')[0]!;
      expect(stored).toBe(`${id}/main/big.bin`);
      expect(providers.drive.files.get(id)).toMatchObject({
        name: 'main/big.bin',
        contentType: 'application/x-ndjson',
      });
      expect(providers.drive.files.get(id)?.body.equals(bytes)).toBe(true);
      const part = Buffer.concat(await (await backend.get(stored, { start: 5_000_000, end: 5_000_999 })).toArray());
      expect(part.equals(bytes.subarray(5_000_000, 5_001_000))).toBe(true);
      await backend.remove(stored);
      expect(providers.drive.files.has(id)).toBe(false);
      // Removing it again is no error: it is gone either way.
      await backend.remove(stored);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends a Dropbox file larger than one upload takes through an upload session, in chunks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-dropbox-'));
    try {
      const file = path.join(dir, 'big.bin');
      const bytes = Buffer.from(Array.from({ length: 2500 }, (_, i) => i % 253));
      fs.writeFileSync(file, bytes);
      // Chunks of 1,000 bytes: start, one append, finish with the last 500.
      const backend = dropboxBackend(
        providers.dropbox.token,
        { api: providers.apis.dropboxApi, content: providers.apis.dropboxContent },
        1000,
      );
      const before = providers.calls.length;
      expect(await backend.put('main/big.bin', file, bytes.length, 'application/octet-stream')).toBe('main/big.bin');
      expect(providers.calls.slice(before)).toEqual([
        'POST /dropbox/content/2/files/upload_session/start',
        'POST /dropbox/content/2/files/upload_session/append_v2',
        'POST /dropbox/content/2/files/upload_session/finish',
      ]);
      expect(providers.dropbox.files.get('/main/big.bin')?.body.equals(bytes)).toBe(true);
      await backend.remove('main/big.bin');
      expect(providers.dropbox.files.has('/main/big.bin')).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("speaks B2's S3 API at the endpoint B2 names: versions removed, ranges read, refusals in its words", async () => {
    const b2 = (more: Record<string, string> = {}) => ({
      type: 'backblaze' as const,
      properties: {
        account: providers.b2.account,
        key: providers.b2.key,
        bucket: providers.b2.bucket,
        bucketId: providers.b2.bucketId,
        ...more,
      },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-b2-'));
    try {
      const file = path.join(dir, 'log.jsonl');
      fs.writeFileSync(file, '0123456789');
      const before = providers.calls.length;
      const backend = backendOf(b2(), envOf(providers.apis));
      // Written twice under one name: B2 keeps two versions.
      expect(await backend.put('main/log.jsonl', file, 10, 'application/x-ndjson')).toBe('main/log.jsonl');
      expect(await backend.put('main/log.jsonl', file, 10, 'application/x-ndjson')).toBe('main/log.jsonl');
      const versions = [...providers.b2.files.values()].filter((f) => f.fileName === 'main/log.jsonl');
      expect(versions.map((f) => [f.body.toString(), f.contentType])).toEqual([
        ['0123456789', 'application/x-ndjson'],
        ['0123456789', 'application/x-ndjson'],
      ]);
      const part = Buffer.concat(await (await backend.get('main/log.jsonl', { start: 2, end: 4 })).toArray());
      expect(part.toString()).toBe('234');
      await backend.remove('main/log.jsonl');
      expect([...providers.b2.files.values()].filter((f) => f.fileName === 'main/log.jsonl')).toEqual([]);
      // The account's endpoint was asked for once; every file call went to its S3 API.
      const calls = providers.calls.slice(before);
      expect(calls.filter((c) => c.endsWith('b2_authorize_account'))).toHaveLength(1);
      expect(calls.filter((c) => c.startsWith('PUT /b2s3/'))).toHaveLength(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(await probe(b2({ bucket: 'nope' }), envOf(providers.apis))).toEqual({
      ok: false,
      detail: 'write: Backblaze: NoSuchBucket (HTTP 404) The specified bucket does not exist: nope',
    });
    expect(await probe(b2({ key: 'wrong' }), envOf(providers.apis))).toEqual({
      ok: false,
      detail: 'write: Backblaze: unauthorized (HTTP 401)',
    });
  });
});
