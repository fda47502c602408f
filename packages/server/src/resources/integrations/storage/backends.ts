import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isDigitalOceanEndpoint, STORAGE_PATH_PATTERN, type StorageType } from '@switchboard/model';
import type { StorageApis } from '../../../config.js';
import { backblazeBackend } from './providers/backblaze.js';
import { driveBackend } from './providers/drive.js';
import { dropboxBackend } from './providers/dropbox.js';
import { ProviderError } from './providers/http.js';

/** A storage profile as the server uses it, secrets included. */
export type StorageProfileRow = {
  id: number;
  domainId: number;
  name: string;
  type: StorageType;
  maxSize: number;
  priority: number;
  properties: Record<string, string>;
};

/** A byte range of an object, both ends included. */
export type ByteRange = { start: number; end: number };

/**
 * Where files of one profile are kept: write, read (whole or a range) and delete. `put` answers
 * the key to keep for the file (the key it was given, but for Drive, whose files go by id).
 */
export type Backend = {
  put(key: string, file: string, size: number, contentType: string): Promise<string>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
};

const S3_TIMEOUT_MS = 10_000;

/** A file under the profile's directory; a key never leaves it. */
function localPath(directory: string, key: string): string {
  const root = path.resolve(directory);
  const full = path.resolve(root, key);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`storage key ${key} leaves the directory`);
  return full;
}

function localBackend(directory: string): Backend {
  return {
    async put(key, file) {
      const target = localPath(directory, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.copyFile(file, target);
      return key;
    },
    async get(key, range) {
      const full = localPath(directory, key);
      await fs.promises.access(full, fs.constants.R_OK);
      return fs.createReadStream(full, range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await fs.promises.rm(localPath(directory, key), { force: true });
    },
  };
}

/**
 * An S3 client for the profile's endpoint. AWS and Digital Ocean Spaces take virtual-hosted
 * bucket names; any other endpoint (an S3-compatible server) gets path-style requests.
 */
export function s3Client(p: Record<string, string>): S3Client {
  const endpoint = (p.endpoint ?? '').trim();
  const hosted = /(^|\.)amazonaws\.com(:\d+)?\/?$/i.test(endpoint) || isDigitalOceanEndpoint(endpoint);
  return new S3Client({
    region: p.region || 'us-east-1',
    endpoint: endpoint || undefined,
    forcePathStyle: !hosted,
    credentials: { accessKeyId: p.keyId ?? '', secretAccessKey: p.accessKey ?? '' },
    // S3-compatible servers do not all know the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: S3_TIMEOUT_MS, requestTimeout: S3_TIMEOUT_MS },
  });
}

function s3Backend(p: Record<string, string>): Backend {
  const client = s3Client(p);
  const Bucket = p.bucketName ?? '';
  return {
    async put(key, file, size, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      return key;
    },
    async get(key, range) {
      const out = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const body = out.Body;
      if (!(body instanceof Readable)) throw new Error('S3 answered no body');
      return body;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The backend of a profile, reaching the providers at `apis`. */
export function backendOf(profile: Pick<StorageProfileRow, 'type' | 'properties'>, apis: StorageApis): Backend {
  const p = profile.properties;
  switch (profile.type) {
    case 'local':
      return localBackend(p.directory ?? '');
    case 's3':
      return s3Backend(p);
    case 'backblaze':
      return backblazeBackend(
        { account: p.account ?? '', key: p.key ?? '', bucket: p.bucket ?? '', bucketId: p.bucketId ?? '' },
        apis.backblaze,
      );
    case 'dropbox':
      return dropboxBackend(p.token ?? '', { api: apis.dropboxApi, content: apis.dropboxContent });
    case 'drive':
      return driveBackend(
        { directory: p.directory ?? '', email: p.email ?? '', privateKey: p.privateKey ?? '' },
        { token: apis.googleToken, api: apis.googleDrive },
      );
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The folder of a file stored now: the S3 profile's path pattern ($DOMAIN, $Y, $M, $D), or
 * `<domain>/<yyyy>/<mm>/<dd>` by default.
 */
export function folderOf(profile: Pick<StorageProfileRow, 'properties'>, domain: string, now = new Date()): string {
  const pattern = profile.properties.pathPattern?.trim() || STORAGE_PATH_PATTERN;
  return pattern
    .replaceAll('$DOMAIN', domain)
    .replaceAll('$Y', String(now.getUTCFullYear()))
    .replaceAll('$M', two(now.getUTCMonth() + 1))
    .replaceAll('$D', two(now.getUTCDate()))
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('/');
}

/**
 * Test connection: writes a probe object, reads it back, compares and deletes it. Answers what
 * failed, in the backend's words.
 */
export async function probe(
  profile: Pick<StorageProfileRow, 'type' | 'properties'>,
  apis: StorageApis,
): Promise<{ ok: boolean; detail: string }> {
  const backend = backendOf(profile, apis);
  const key = `.switchboard-probe-${randomUUID()}`;
  const content = `switchboard probe ${new Date().toISOString()}`;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sb-probe-'));
  const file = path.join(dir, 'probe');
  let step = 'write';
  try {
    await fs.promises.writeFile(file, content);
    const stored = await backend.put(key, file, Buffer.byteLength(content), 'text/plain');
    step = 'read';
    const chunks: Buffer[] = [];
    await pipeline(await backend.get(stored), async (source: AsyncIterable<Buffer | string>) => {
      for await (const chunk of source) chunks.push(Buffer.from(chunk));
    });
    if (Buffer.concat(chunks).toString() !== content) return { ok: false, detail: 'read: the probe came back changed' };
    step = 'delete';
    await backend.remove(stored);
    return { ok: true, detail: 'A probe object was written, read back and deleted.' };
  } catch (error) {
    return { ok: false, detail: `${step}: ${describe(error)}` };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

function describe(error: unknown): string {
  if (error instanceof ProviderError) {
    const status = error.status ? `(HTTP ${error.status})` : '';
    return [`${error.provider}:`, error.code, status, error.message].filter(Boolean).join(' ');
  }
  if (error && typeof error === 'object') {
    const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    const name = e.code ?? e.name ?? 'Error';
    const message = e.message && e.message !== 'UnknownError' ? e.message : '';
    return [name, status ? `(HTTP ${status})` : '', message].filter(Boolean).join(' ');
  }
  return String(error);
}
