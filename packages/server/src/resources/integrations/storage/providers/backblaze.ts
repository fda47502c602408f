import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Backend } from '../backends.js';
import {
  bodyOf,
  call,
  fileBody,
  jsonOf,
  ProviderError,
  plain,
  rangeHeader,
  TokenCache,
  uploadTimeout,
} from './http.js';

/** A Backblaze B2 profile: the application key (id and secret) and the bucket, by name and id. */
export type BackblazeSettings = { account: string; key: string; bucket: string; bucketId: string };

type Session = { token: string; apiUrl: string; downloadUrl: string };

const PROVIDER = 'Backblaze';
/** B2 authorisations last 24 hours; one is kept a little less. */
const SESSION_TTL_MS = 23 * 3_600_000;
const sessions = new TokenCache<Session>();

/** B2 answers errors as `{status, code, message}`. */
const explain = (status: number, text: string) => {
  const json = jsonOf(text);
  return {
    code: typeof json?.code === 'string' ? json.code : `http_${status}`,
    message: typeof json?.message === 'string' ? json.message : json ? '' : plain(text, status),
  };
};

/** File names travel percent-encoded, slashes kept (B2's own rule for X-Bz-File-Name and URLs). */
const encodeName = (name: string) => name.split('/').map(encodeURIComponent).join('/');

async function sha1Of(file: string): Promise<string> {
  const hash = createHash('sha1');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Files in a B2 bucket through the native API (b2api v2) at `baseUrl`: authorised with the key,
 * uploaded with their SHA-1 to an upload URL, downloaded by name (with Range), deleted by version.
 *
 * The stored key is the file name. Deleting needs the file id: it is looked up by name
 * (b2_list_file_versions), and every version of that name is deleted, so a file written twice under
 * one name (two runs of a job) leaves nothing behind.
 */
export function backblazeBackend(settings: BackblazeSettings, baseUrl: string): Backend {
  const cacheKey = createHash('sha256').update(`${baseUrl}\n${settings.account}\n${settings.key}`).digest('hex');

  const authorize = () =>
    sessions.get(cacheKey, async () => {
      const basic = Buffer.from(`${settings.account}:${settings.key}`).toString('base64');
      const res = await call(
        PROVIDER,
        `${baseUrl}/b2api/v2/b2_authorize_account`,
        { method: 'GET', headers: { authorization: `Basic ${basic}` } },
        explain,
      );
      const json = (await res.json()) as { authorizationToken: string; apiUrl: string; downloadUrl: string };
      return {
        value: { token: json.authorizationToken, apiUrl: json.apiUrl, downloadUrl: json.downloadUrl },
        ttlMs: SESSION_TTL_MS,
      };
    });

  /** A call with the account's authorisation, signed in again once when B2 says it expired. */
  async function withSession<T>(run: (session: Session) => Promise<T>): Promise<T> {
    try {
      return await run(await authorize());
    } catch (error) {
      if (!(error instanceof ProviderError) || error.code !== 'expired_auth_token') throw error;
      sessions.drop(cacheKey);
      return run(await authorize());
    }
  }

  const api = async (session: Session, name: string, body: Record<string, unknown>) => {
    const res = await call(
      PROVIDER,
      `${session.apiUrl}/b2api/v2/${name}`,
      {
        method: 'POST',
        headers: { authorization: session.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      explain,
    );
    return res.json() as Promise<Record<string, unknown>>;
  };

  return {
    async put(key, file, size, contentType) {
      const sha1 = await sha1Of(file);
      await withSession(async (session) => {
        const target = (await api(session, 'b2_get_upload_url', { bucketId: settings.bucketId })) as {
          uploadUrl: string;
          authorizationToken: string;
        };
        await call(
          PROVIDER,
          target.uploadUrl,
          {
            method: 'POST',
            headers: {
              authorization: target.authorizationToken,
              'x-bz-file-name': encodeName(key),
              'content-type': contentType || 'b2/x-auto',
              'content-length': String(size),
              'x-bz-content-sha1': sha1,
            },
            body: fileBody(file),
            timeoutMs: uploadTimeout(size),
          },
          explain,
        );
      });
      return key;
    },
    get(key, range) {
      return withSession(async (session) => {
        const res = await call(
          PROVIDER,
          `${session.downloadUrl}/file/${encodeURIComponent(settings.bucket)}/${encodeName(key)}`,
          { method: 'GET', headers: { authorization: session.token, ...rangeHeader(range) } },
          explain,
        );
        return bodyOf(res);
      });
    },
    remove(key) {
      return withSession(async (session) => {
        const listed = (await api(session, 'b2_list_file_versions', {
          bucketId: settings.bucketId,
          startFileName: key,
          prefix: key,
          maxFileCount: 100,
        })) as { files?: Array<{ fileName: string; fileId: string }> };
        for (const version of (listed.files ?? []).filter((f) => f.fileName === key)) {
          await api(session, 'b2_delete_file_version', { fileName: version.fileName, fileId: version.fileId });
        }
      });
    },
  };
}
