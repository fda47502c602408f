import { createHash, createPrivateKey, type KeyObject, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Backend } from './backend.js';
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

/** A Drive profile: the folder's id, the service account's e-mail and its private key. */
export type DriveSettings = { directory: string; email: string; privateKey: string };
/** Google's token endpoint and the root of the Drive API (`/drive/v3`, `/upload/drive/v3`). */
export type DriveUrls = { token: string; api: string };

const PROVIDER = 'Google Drive';
const SCOPE = 'https://www.googleapis.com/auth/drive';
const tokens = new TokenCache<string>();
/** Drive takes metadata and bytes in one multipart request up to 5 MB; larger files use a resumable session. */
export const MULTIPART_MAX_BYTES = 5 * 1024 * 1024;

/** Google answers `{error: {code, message, errors: [{reason}]}}`, its token endpoint `{error, error_description}`. */
const explain = (status: number, text: string) => {
  const json = jsonOf(text);
  const error = json?.error;
  if (error && typeof error === 'object') {
    const e = error as { message?: string; status?: string; errors?: Array<{ reason?: string }> };
    return { code: e.errors?.[0]?.reason ?? e.status ?? `http_${status}`, message: e.message ?? '' };
  }
  if (typeof error === 'string') {
    const description = typeof json?.error_description === 'string' ? json.error_description : '';
    return { code: error, message: description };
  }
  return { code: `http_${status}`, message: plain(text, status) };
};

/**
 * The key as pasted: a PEM block, the same with its line breaks written `\n` (as in the JSON key
 * file), or the whole JSON key file of the service account.
 */
function privateKeyOf(raw: string): KeyObject {
  let pem = raw.trim();
  if (pem.startsWith('{')) {
    const json = jsonOf(pem);
    if (typeof json?.private_key === 'string') pem = json.private_key;
  }
  pem = pem.replaceAll('\\n', '\n');
  try {
    return createPrivateKey(pem);
  } catch {
    throw new ProviderError(PROVIDER, 0, 'invalid_private_key', 'the private key is not a PEM private key');
  }
}

/** A signed JWT (RS256, by `jose`) asking the token endpoint for an access token to Drive. */
export async function serviceAccountAssertion(
  settings: Pick<DriveSettings, 'email' | 'privateKey'>,
  audience: string,
): Promise<string> {
  const key = privateKeyOf(settings.privateKey);
  try {
    return await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(settings.email.trim())
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
  } catch (error) {
    // A key RS256 cannot sign with (not RSA, shorter than 2048 bits), in jose's words.
    throw new ProviderError(PROVIDER, 0, 'invalid_private_key', (error as Error).message);
  }
}

/**
 * Files in a Drive folder through Drive API v3, signed in as a Google service account (a JWT
 * exchanged at the token endpoint). Drive has no paths: a file is created in the profile's folder
 * (`directory`, a folder id; shared drives too) named after its key, and the key the server keeps
 * is `<Drive file id>/<key>`, so reads and deletes go straight to the file by its id and the file's
 * own name stays readable.
 */
export function driveBackend(settings: DriveSettings, urls: DriveUrls): Backend {
  const cacheKey = createHash('sha256')
    .update(`${urls.token}\n${settings.email}\n${settings.privateKey}`)
    .digest('hex');
  const accessToken = () =>
    tokens.get(cacheKey, async () => {
      const assertion = await serviceAccountAssertion(settings, urls.token);
      const res = await call(
        PROVIDER,
        urls.token,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
        },
        explain,
      );
      const json = (await res.json()) as { access_token: string; expires_in?: number };
      return { value: json.access_token, ttlMs: Math.max(60, (json.expires_in ?? 3600) - 120) * 1000 };
    });
  const idOf = (stored: string) => {
    const id = stored.split('/')[0] ?? '';
    if (!/^[\w-]+$/.test(id)) throw new ProviderError(PROVIDER, 0, 'notFound', `no Drive file id in ${stored}`);
    return id;
  };
  const fileUrl = (stored: string, query: string) =>
    `${urls.api}/drive/v3/files/${idOf(stored)}?${query}supportsAllDrives=true`;

  return {
    async put(key, file, size, contentType) {
      const type = contentType || 'application/octet-stream';
      const metadata = JSON.stringify({ name: key, parents: [settings.directory.trim()] });
      const authorization = `Bearer ${await accessToken()}`;
      let res: Response;
      if (size <= MULTIPART_MAX_BYTES) {
        // Small files: metadata and bytes in one multipart request.
        const boundary = `switchboard-${randomUUID()}`;
        const before = Buffer.from(
          `--${boundary}\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n` +
            `--${boundary}\r\ncontent-type: ${type}\r\n\r\n`,
        );
        const after = Buffer.from(`\r\n--${boundary}--\r\n`);
        res = await call(
          PROVIDER,
          `${urls.api}/upload/drive/v3/files?uploadType=multipart&supportsAllDrives=true&fields=id`,
          {
            method: 'POST',
            headers: {
              authorization,
              'content-type': `multipart/related; boundary=${boundary}`,
              'content-length': String(before.length + size + after.length),
            },
            body: fileBody(file, before, after),
            timeoutMs: uploadTimeout(before.length + size + after.length),
          },
          explain,
        );
      } else {
        // Larger ones (Drive's advice past 5 MB): a resumable session, then the bytes in one PUT.
        const session = await call(
          PROVIDER,
          `${urls.api}/upload/drive/v3/files?uploadType=resumable&supportsAllDrives=true&fields=id`,
          {
            method: 'POST',
            headers: {
              authorization,
              'content-type': 'application/json; charset=UTF-8',
              'x-upload-content-type': type,
              'x-upload-content-length': String(size),
            },
            body: metadata,
          },
          explain,
        );
        const location = session.headers.get('location');
        if (!location) throw new ProviderError(PROVIDER, session.status, 'noSession', 'the upload session has no URL');
        res = await call(
          PROVIDER,
          location,
          {
            method: 'PUT',
            headers: { authorization, 'content-type': type, 'content-length': String(size) },
            body: fileBody(file),
            timeoutMs: uploadTimeout(size),
          },
          explain,
        );
      }
      const { id } = (await res.json()) as { id?: string };
      if (!id) throw new ProviderError(PROVIDER, res.status, 'noFileId', 'the upload answered no file id');
      return `${id}/${key}`;
    },
    async get(stored, range) {
      const res = await call(
        PROVIDER,
        fileUrl(stored, 'alt=media&'),
        { method: 'GET', headers: { authorization: `Bearer ${await accessToken()}`, ...rangeHeader(range) } },
        explain,
      );
      return bodyOf(res);
    },
    async remove(stored) {
      // A file already gone is removed all the same (as S3 and the local folder take it).
      await call(
        PROVIDER,
        fileUrl(stored, ''),
        { method: 'DELETE', headers: { authorization: `Bearer ${await accessToken()}` } },
        explain,
      ).catch((error: unknown) => {
        if (!(error instanceof ProviderError && error.status === 404)) throw error;
      });
    },
  };
}
