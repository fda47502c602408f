import { createHash } from 'node:crypto';
import { DeleteObjectCommand, ListObjectVersionsCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Backend } from './backend.js';
import { call, jsonOf, ProviderError, plain, TokenCache } from './http.js';
import { s3Backend, s3Client } from './s3.js';

/** A Backblaze B2 profile: the application key (id and secret) and the bucket, by name and id. */
export type BackblazeSettings = { account: string; key: string; bucket: string; bucketId: string };

const PROVIDER = 'Backblaze';
/** An account's S3 endpoint does not move; it is looked up again after a day all the same. */
const ENDPOINT_TTL_MS = 23 * 3_600_000;
const endpoints = new TokenCache<string>();

/** B2 answers errors as `{status, code, message}`. */
const explain = (status: number, text: string) => {
  const json = jsonOf(text);
  return {
    code: typeof json?.code === 'string' ? json.code : `http_${status}`,
    message: typeof json?.message === 'string' ? json.message : json ? '' : plain(text, status),
  };
};

/** The region of a B2 S3 endpoint (`https://s3.us-west-004.backblazeb2.com`), which signatures name. */
export function b2Region(endpoint: string): string {
  return /^https?:\/\/s3\.([a-z0-9-]+)\.backblazeb2\.com(:\d+)?\/?$/i.exec(endpoint)?.[1] ?? 'us-east-1';
}

/**
 * An S3 SDK error in Backblaze's words: its code, HTTP status and message; a failure to connect
 * to the endpoint as `unreachable`, as the native calls tell it.
 */
function inB2Words(error: unknown, endpoint: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = error as {
    name?: string;
    Code?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e?.$metadata?.httpStatusCode;
  if (!status) {
    const reason = e?.code ?? e?.message ?? String(error);
    return new ProviderError(PROVIDER, 0, 'unreachable', `${new URL(endpoint).host} cannot be reached: ${reason}`);
  }
  const code = e.Code ?? e.name ?? `http_${status}`;
  const message = e.message && e.message !== 'UnknownError' && e.message !== code ? e.message : '';
  return new ProviderError(PROVIDER, status, code, message);
}

/**
 * Every version of an object deleted: through the S3 API a plain delete only hides a B2 file, so a
 * file written twice under one name (two runs of a job) would leave its versions behind.
 */
async function removeVersions(client: S3Client, Bucket: string, key: string) {
  let KeyMarker: string | undefined;
  let VersionIdMarker: string | undefined;
  do {
    const listed = await client.send(
      new ListObjectVersionsCommand({ Bucket, Prefix: key, KeyMarker, VersionIdMarker }),
    );
    for (const v of [...(listed.Versions ?? []), ...(listed.DeleteMarkers ?? [])]) {
      if (v.Key === key && v.VersionId) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key, VersionId: v.VersionId }));
      }
    }
    KeyMarker = listed.IsTruncated ? listed.NextKeyMarker : undefined;
    VersionIdMarker = listed.IsTruncated ? listed.NextVersionIdMarker : undefined;
  } while (KeyMarker);
}

/**
 * Files in a B2 bucket through B2's S3-compatible API, with the S3 client S3 profiles use: the
 * application key id and key sign the calls, the bucket is named. The account's S3 endpoint (its
 * region) is what `b2_authorize_account` at `baseUrl` answers, looked up once a day per key; a key
 * B2 refuses is told there, in B2's words. The stored key is the object's name. `bucketId` is
 * kept in the profile but the S3 API goes by the bucket's name.
 */
export function backblazeBackend(settings: BackblazeSettings, baseUrl: string): Backend {
  const cacheKey = createHash('sha256').update(`${baseUrl}\n${settings.account}\n${settings.key}`).digest('hex');
  const endpoint = () =>
    endpoints.get(cacheKey, async () => {
      const basic = Buffer.from(`${settings.account}:${settings.key}`).toString('base64');
      const res = await call(
        PROVIDER,
        `${baseUrl}/b2api/v2/b2_authorize_account`,
        { method: 'GET', headers: { authorization: `Basic ${basic}` } },
        explain,
      );
      const { s3ApiUrl } = (await res.json()) as { s3ApiUrl?: string };
      if (!s3ApiUrl) throw new ProviderError(PROVIDER, res.status, 'no_s3_api', 'the account has no S3 endpoint');
      return { value: s3ApiUrl, ttlMs: ENDPOINT_TTL_MS };
    });
  let client: S3Client | undefined;
  /** A call on the account's endpoint, its failures in B2's words. */
  const run = async <T>(use: (client: S3Client) => Promise<T>): Promise<T> => {
    const url = await endpoint();
    // The endpoint is the one B2 answered (the operator's provider): no outbound policy, as before.
    client ??= s3Client(
      { endpoint: url, region: b2Region(url), keyId: settings.account, accessKey: settings.key },
      null,
    );
    try {
      return await use(client);
    } catch (error) {
      throw inB2Words(error, url);
    }
  };
  return {
    put: (key, file, size, contentType) =>
      run((client) => s3Backend(client, settings.bucket).put(key, file, size, contentType)),
    get: (key, range) => run((client) => s3Backend(client, settings.bucket).get(key, range)),
    remove: (key) => run((client) => removeVersions(client, settings.bucket, key)),
  };
}
