import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isStorageFolder, STORAGE_PATH_PATTERN, type StorageType } from '@switchboard/model';
import type { Config } from '../../../config.js';
import { failureOf, refusalOf } from '../../../net/outbound.js';
import { backblazeBackend } from './providers/backblaze.js';
import { driveBackend } from './providers/drive.js';
import { dropboxBackend } from './providers/dropbox.js';
import { ProviderError } from './providers/http.js';
import { s3Backend, s3Client } from './providers/s3.js';

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

import type { Backend } from './providers/backend.js';

export type { Backend, ByteRange } from './providers/backend.js';

/** A local profile's folder is missing, leaves the domain's storage folder, or cannot be written. */
export class LocalStorageError extends Error {
  constructor(
    readonly kind: 'outside' | 'missing' | 'denied',
    message: string,
  ) {
    super(message);
    this.name = 'LocalStorageError';
  }
}

const inside = (root: string, full: string) => full === root || full.startsWith(`${root}${path.sep}`);

/** The real path of `full`, or of its deepest existing ancestor (what a write there would reach). */
async function realOf(full: string): Promise<string> {
  let at = full;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await fs.promises.realpath(at), ...rest);
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      rest.unshift(path.basename(at));
      at = parent;
    }
  }
}

/**
 * Files of a local profile live in `<storage root>/<domain id>/<directory>`: the directory is
 * relative to the domain's folder, and neither `..`, an absolute path nor a symbolic link may lead
 * out of it (checked on the real path before every write, read and delete). `createFolders`
 * false (a connection test) never makes a folder: a missing one is reported.
 */
function localBackend(root: string, domainId: number, directory: string, createFolders: boolean): Backend {
  const domainRoot = path.join(path.resolve(root), String(domainId));
  const folder = path.resolve(domainRoot, directory);

  async function place(key: string, forWrite: boolean): Promise<string> {
    if (!isStorageFolder(directory) || !inside(domainRoot, folder)) {
      throw new LocalStorageError('outside', `local storage directory "${directory}" leaves ${domainRoot}`);
    }
    const full = path.resolve(folder, key);
    if (!full.startsWith(`${folder}${path.sep}`)) throw new Error(`storage key ${key} leaves the directory`);
    if (forWrite && createFolders) await fs.promises.mkdir(path.dirname(full), { recursive: true });
    if (forWrite && !createFolders) {
      const found = await fs.promises.stat(path.dirname(full)).catch(() => null);
      if (!found?.isDirectory()) {
        throw new LocalStorageError('missing', `local storage folder ${path.dirname(full)} does not exist`);
      }
    }
    const realRoot = await realOf(domainRoot);
    if (!inside(realRoot, await realOf(full))) {
      throw new LocalStorageError('outside', `local storage path ${full} leads out of ${domainRoot} by a link`);
    }
    return full;
  }

  return {
    async put(key, file) {
      const target = await place(key, true);
      await fs.promises.copyFile(file, target);
      return key;
    },
    async get(key, range) {
      const full = await place(key, false);
      await fs.promises.access(full, fs.constants.R_OK);
      return fs.createReadStream(full, range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await fs.promises.rm(await place(key, false), { force: true });
    },
  };
}

/**
 * What a backend needs of the configuration: the providers' APIs (the operator's), the local
 * storage root and the outbound policy's allow list.
 */
export type StorageEnv = Pick<Config, 'storageApis' | 'storageLocalRoot' | 'outboundAllow'>;

/** The backend of a profile of a domain. A connection test passes `{test: true}`: it makes no folder. */
export function backendOf(
  profile: Pick<StorageProfileRow, 'type' | 'properties'> & { domainId?: number },
  env: StorageEnv,
  options: { test?: boolean } = {},
): Backend {
  const p = profile.properties;
  const apis = env.storageApis;
  switch (profile.type) {
    case 'local':
      if (profile.domainId === undefined) throw new Error('a local storage profile needs its domain');
      return localBackend(env.storageLocalRoot, profile.domainId, p.directory ?? '', !options.test);
    case 's3':
      return s3Backend(s3Client(p, { allow: env.outboundAllow }), p.bucketName ?? '');
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
 * Test connection: writes a probe object, reads it back, compares and deletes it. A local or S3
 * profile's failure is told by its kind only (the endpoint is the domain's choice: its answers and
 * the network's errors are never shown, they go to `log`); the operator's providers (Backblaze,
 * Dropbox, Drive) are quoted in their own words.
 */
export async function probe(
  profile: Pick<StorageProfileRow, 'type' | 'properties'> & { domainId?: number },
  env: StorageEnv,
  log?: { warn(obj: object, msg: string): void },
): Promise<{ ok: boolean; detail: string; key?: string }> {
  const backend = backendOf(profile, env, { test: true });
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
    const failure = storageFailure(error);
    if (!failure) return { ok: false, detail: `${step}: ${describe(error)}` };
    log?.warn({ err: error, step, detail: describe(error) }, 'storage profile test failed');
    return failure;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * What a domain administrator is told of a failure of a local or S3 profile: its kind, never the
 * endpoint's or the network's words; null for a provider of the operator (quoted as it said).
 */
export function storageFailure(error: unknown): { ok: false; detail: string; key: string } | null {
  if (error instanceof ProviderError) return null;
  if (refusalOf(error)) return failureOf('policy');
  if (error instanceof LocalStorageError) {
    return failureOf(
      error.kind === 'outside'
        ? 'storageLocalOutside'
        : error.kind === 'missing'
          ? 'storageLocalMissing'
          : 'storageLocalDenied',
    );
  }
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return failureOf('storageLocalMissing');
  if (e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EROFS' || e.code === 'EISDIR') {
    return failureOf('storageLocalDenied');
  }
  const status = e.$metadata?.httpStatusCode;
  if (status === 401 || status === 403) return failureOf('signIn');
  if (status) return failureOf('answer');
  return failureOf('connect');
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
