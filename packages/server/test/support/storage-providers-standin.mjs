// A local stand-in for the storage providers the profiles reach, one server with each under its
// own path: Backblaze B2's account API (`/b2`) and its S3-compatible API (`/b2s3`), Dropbox API v2
// (`/dropbox/api`, `/dropbox/content`), Google's token endpoint (`/google/token`) and Drive API v3
// (`/google`). It checks credentials the way the providers do (a B2 application key, a Dropbox bearer
// token, a service account's RS256 JWT verified with its public key, then a bearer token) and
// answers errors in each provider's own shape. Plain ESM: the API tests and the browser tests'
// server launcher both start it.
import { createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { decodeChunked, xmlError } from './s3-standin.mjs';

const escapeXml = (text) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const json = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** Serves `body` whole or the `Range` asked for (`bytes=a-b`, `bytes=a-`, `bytes=-n`). */
function sendBytes(req, res, body, contentType, extra = {}) {
  const size = body.length;
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
  let start = 0;
  let end = size - 1;
  if (range) {
    if (range[1] === '') start = Math.max(0, size - Number(range[2]));
    else {
      start = Number(range[1]);
      end = range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    }
    if (start > end || start >= size) {
      res.writeHead(416, { 'content-range': `bytes */${size}` });
      return res.end();
    }
  }
  const headers = { 'content-type': contentType, 'content-length': String(end - start + 1), 'accept-ranges': 'bytes' };
  if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  res.writeHead(range ? 206 : 200, { ...headers, ...extra });
  res.end(body.subarray(start, end + 1));
}

/** The parts of a multipart/related body: `{headers, body}` each. */
function multipartParts(raw, boundary) {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = [];
  let at = raw.indexOf(delimiter);
  while (at >= 0) {
    const from = at + delimiter.length;
    if (raw.subarray(from, from + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, from);
    if (next < 0) break;
    const part = raw.subarray(from + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = Object.fromEntries(
      part
        .subarray(0, split)
        .toString()
        .split('\r\n')
        .map((line) => line.split(/:\s*/, 2))
        .map(([k, v]) => [k.toLowerCase(), v]),
    );
    parts.push({ headers, body: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

const verifyJwt = (jwt, publicKey) => {
  const [head, claims, signature] = String(jwt).split('.');
  if (!head || !claims || !signature) return null;
  const ok = createVerify('RSA-SHA256')
    .update(`${head}.${claims}`)
    .verify(publicKey, Buffer.from(signature, 'base64url'));
  return ok ? JSON.parse(Buffer.from(claims, 'base64url').toString()) : null;
};

/**
 * Starts the stand-in. Each provider's store is answered for the tests to look into:
 * `b2.files` (version id → {fileName, body, contentType}; `b2.hidden`: names hidden by a delete), `dropbox.files` (path → {body}),
 * `drive.files` (id → {name, parents, body, contentType}); `calls` lists `<METHOD> <path>` of
 * every request. `drive.privateKey` is the service account's key (PEM) the stand-in trusts.
 */
export async function startStorageProvidersStandin({
  port = 0,
  host = '127.0.0.1',
  b2: b2Options = {},
  dropbox: dropboxOptions = {},
  drive: driveOptions = {},
} = {}) {
  const b2 = {
    account: b2Options.account ?? '0001standinaccount',
    key: b2Options.key ?? 'K001standinkey',
    bucket: b2Options.bucket ?? 'switchboard-records',
    bucketId: b2Options.bucketId ?? 'e73ede9c9c8412db49f60715',
    /** version id → {fileName, body, contentType}; names hidden by a plain delete. */
    files: new Map(),
    hidden: new Set(),
  };
  /** `sessions`: upload sessions, id → the chunks received. */
  const dropbox = { token: dropboxOptions.token ?? 'sl.standin-dropbox-token', files: new Map(), sessions: new Map() };
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const drive = {
    email: driveOptions.email ?? 'switchboard@standin-project.iam.gserviceaccount.com',
    folder: driveOptions.folder ?? '1StandinFolderId_x9',
    privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    files: new Map(),
    tokens: new Set(),
    /** Resumable upload sessions: upload id → {meta, contentType}. */
    sessions: new Map(),
  };
  const calls = [];
  let url = '';

  const b2Error = (res, status, code, message) => json(res, status, { status, code, message });
  const dropboxError = (res, status, summary) => {
    const [tag] = summary.split('/');
    json(res, status, { error_summary: summary, error: { '.tag': tag } });
  };
  const googleError = (res, status, reason, message) =>
    json(res, status, { error: { code: status, message, errors: [{ reason, message, domain: 'global' }] } });

  /** B2's native API: only b2_authorize_account, which tells the account's S3 endpoint. */
  async function onB2(req, res, path) {
    const auth = String(req.headers.authorization ?? '');
    if (path !== '/b2api/v2/b2_authorize_account') return b2Error(res, 404, 'not_found', 'No such API');
    const [account, key] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    if (account !== b2.account || key !== b2.key) return b2Error(res, 401, 'unauthorized', '');
    return json(res, 200, {
      accountId: b2.account,
      authorizationToken: `4_${randomBytes(12).toString('hex')}`,
      apiUrl: `${url}/b2`,
      downloadUrl: `${url}/b2`,
      s3ApiUrl: `${url}/b2s3`,
      recommendedPartSize: 100000000,
      absoluteMinimumPartSize: 5000000,
      allowed: {
        bucketId: null,
        bucketName: null,
        capabilities: ['listFiles', 'readFiles', 'writeFiles', 'deleteFiles'],
      },
    });
  }

  /**
   * B2's S3-compatible API, path-style (`/<bucket>/<key>`), versioned as B2 buckets are: a PUT adds
   * a version, a DELETE without `versionId` only hides the name, one with it deletes that version;
   * `GET /<bucket>?versions&prefix=` lists them. The key id must sign the call (its signature is
   * not checked: the key was, when the endpoint was asked for).
   */
  async function onB2S3(req, res, path, query, raw) {
    if (!String(req.headers.authorization ?? '').includes(`Credential=${b2.account}/`)) {
      return xmlError(res, 403, 'InvalidAccessKeyId', 'Malformed Access Key Id');
    }
    const [, bucket, ...rest] = path.split('/').map(decodeURIComponent);
    if (bucket !== b2.bucket)
      return xmlError(res, 404, 'NoSuchBucket', `The specified bucket does not exist: ${bucket}`);
    const key = rest.join('/');
    const versions = () => [...b2.files.entries()].filter(([, f]) => f.fileName === key);
    if (!key && req.method === 'GET' && query.has('versions')) {
      const prefix = query.get('prefix') ?? '';
      const listed = [...b2.files.entries()].filter(([, f]) => f.fileName.startsWith(prefix));
      const xml = listed
        .map(
          ([id, f]) =>
            `<Version><Key>${escapeXml(f.fileName)}</Key><VersionId>${id}</VersionId><IsLatest>false</IsLatest>` +
            `<LastModified>${new Date(0).toISOString()}</LastModified><Size>${f.body.length}</Size></Version>`,
        )
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListVersionsResult><Name>${bucket}</Name>` +
          `<Prefix>${escapeXml(prefix)}</Prefix><IsTruncated>false</IsTruncated>${xml}</ListVersionsResult>`,
      );
    }
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'Only object calls and version lists are served');
    if (req.method === 'PUT') {
      const chunked =
        String(req.headers['content-encoding'] ?? '').includes('aws-chunked') ||
        String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
      const versionId = `4_z${b2.bucketId}_f${randomBytes(10).toString('hex')}`;
      b2.files.set(versionId, {
        fileName: key,
        body: chunked ? decodeChunked(raw) : raw,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
      });
      b2.hidden.delete(key);
      res.writeHead(200, { etag: `"${versionId}"`, 'x-amz-version-id': versionId });
      return res.end();
    }
    if (req.method === 'DELETE') {
      const versionId = query.get('versionId');
      if (versionId) b2.files.delete(versionId);
      else b2.hidden.add(key);
      res.writeHead(204);
      return res.end();
    }
    if (req.method !== 'GET') return xmlError(res, 405, 'MethodNotAllowed', 'Not served');
    const latest = versions().at(-1)?.[1];
    if (!latest || b2.hidden.has(key)) return xmlError(res, 404, 'NoSuchKey', 'Key not found');
    return sendBytes(req, res, latest.body, latest.contentType);
  }

  async function onDropbox(req, res, path, raw) {
    if (String(req.headers.authorization ?? '') !== `Bearer ${dropbox.token}`) {
      return dropboxError(res, 401, 'invalid_access_token/');
    }
    const arg = () => {
      const header = req.headers['dropbox-api-arg'];
      if (!header) return null;
      try {
        return JSON.parse(String(header));
      } catch {
        return null;
      }
    };
    const meta = (p, f) => ({
      '.tag': 'file',
      name: p.split('/').pop(),
      path_display: p,
      path_lower: p.toLowerCase(),
      id: f.id,
      size: f.body.length,
    });
    if (path === '/content/2/files/upload') {
      const a = arg();
      if (!a?.path?.startsWith('/')) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        return res.end(
          'Error in call to API function "files/upload": HTTP header "Dropbox-API-Arg": path: wrong format',
        );
      }
      const file = { id: `id:${randomBytes(8).toString('base64url')}`, body: raw };
      dropbox.files.set(a.path.toLowerCase(), file);
      return json(res, 200, meta(a.path, file));
    }
    if (path.startsWith('/content/2/files/upload_session/')) {
      const a = arg() ?? {};
      const step = path.slice('/content/2/files/upload_session/'.length);
      if (step === 'start') {
        const id = `AAAAA${randomBytes(8).toString('hex')}`;
        dropbox.sessions.set(id, [raw]);
        return json(res, 200, { session_id: id });
      }
      const parts = dropbox.sessions.get(a.cursor?.session_id);
      if (!parts) return dropboxError(res, 409, 'lookup_failed/not_found/');
      const received = parts.reduce((n, p) => n + p.length, 0);
      if (a.cursor.offset !== received) {
        return json(res, 409, {
          error_summary: 'lookup_failed/incorrect_offset/..',
          error: { '.tag': 'lookup_failed', lookup_failed: { '.tag': 'incorrect_offset', correct_offset: received } },
        });
      }
      parts.push(raw);
      if (step === 'append_v2') return json(res, 200, null);
      if (step !== 'finish' || !a.commit?.path?.startsWith('/')) return dropboxError(res, 400, 'bad_request/');
      dropbox.sessions.delete(a.cursor.session_id);
      const file = { id: `id:${randomBytes(8).toString('base64url')}`, body: Buffer.concat(parts) };
      dropbox.files.set(a.commit.path.toLowerCase(), file);
      return json(res, 200, meta(a.commit.path, file));
    }
    if (path === '/content/2/files/download') {
      const a = arg();
      const file = a?.path ? dropbox.files.get(a.path.toLowerCase()) : undefined;
      if (!file) return dropboxError(res, 409, 'path/not_found/..');
      return sendBytes(req, res, file.body, 'application/octet-stream', {
        'dropbox-api-result': JSON.stringify(meta(a.path, file)),
      });
    }
    if (path === '/api/2/files/delete_v2') {
      let body;
      try {
        body = JSON.parse(raw.toString());
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' });
        return res.end('Error in call to API function "files/delete_v2": request body: could not decode input as JSON');
      }
      const key = String(body.path ?? '').toLowerCase();
      const file = dropbox.files.get(key);
      if (!file) return dropboxError(res, 409, 'path_lookup/not_found/..');
      dropbox.files.delete(key);
      return json(res, 200, { metadata: meta(body.path, file) });
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Unknown API function');
  }

  async function onGoogle(req, res, path, query, raw) {
    if (path === '/token') {
      const form = new URLSearchParams(raw.toString());
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' });
      }
      const claims = verifyJwt(form.get('assertion'), keys.publicKey);
      if (!claims) return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      if (claims.iss !== drive.email) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid grant: account not found' });
      }
      const now = Math.floor(Date.now() / 1000);
      if (claims.aud !== `${url}/google/token` || !(claims.exp > now) || claims.exp - claims.iat > 3600) {
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.',
        });
      }
      const token = `ya29.${randomBytes(16).toString('base64url')}`;
      drive.tokens.add(token);
      return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!drive.tokens.has(bearer)) {
      return googleError(
        res,
        401,
        'authError',
        'Request had invalid authentication credentials. Expected OAuth 2 access token.',
      );
    }
    if (path === '/upload/drive/v3/files' && query.get('uploadType') === 'resumable') {
      if (req.method === 'POST') {
        const meta = JSON.parse(raw.toString() || '{}');
        const parents = meta.parents ?? [];
        if (parents.some((p) => p !== drive.folder))
          return googleError(res, 404, 'notFound', `File not found: ${parents[0]}.`);
        const uploadId = randomBytes(12).toString('hex');
        drive.sessions.set(uploadId, {
          meta,
          contentType: String(req.headers['x-upload-content-type'] ?? 'application/octet-stream'),
        });
        res.writeHead(200, {
          location: `${url}/google/upload/drive/v3/files?uploadType=resumable&upload_id=${uploadId}`,
        });
        return res.end();
      }
      const uploadId = query.get('upload_id') ?? '';
      const session = drive.sessions.get(uploadId);
      if (req.method !== 'PUT' || !session) return googleError(res, 404, 'notFound', 'No such upload session');
      drive.sessions.delete(uploadId);
      const id = randomBytes(18).toString('base64url');
      drive.files.set(id, {
        name: session.meta.name,
        parents: session.meta.parents ?? [],
        body: raw,
        contentType: session.contentType,
      });
      return json(res, 200, { id });
    }
    if (path === '/upload/drive/v3/files' && req.method === 'POST') {
      if (query.get('uploadType') !== 'multipart')
        return googleError(res, 400, 'badRequest', 'Only multipart and resumable uploads are served');
      const boundary = /boundary=([^;]+)/.exec(String(req.headers['content-type'] ?? ''))?.[1];
      const [metaPart, media] = boundary ? multipartParts(raw, boundary) : [];
      if (!metaPart || !media) return googleError(res, 400, 'badContent', 'Bad multipart request');
      const meta = JSON.parse(metaPart.body.toString());
      const parents = meta.parents ?? [];
      if (parents.some((p) => p !== drive.folder))
        return googleError(res, 404, 'notFound', `File not found: ${parents[0]}.`);
      const id = randomBytes(18).toString('base64url');
      drive.files.set(id, {
        name: meta.name,
        parents,
        body: media.body,
        contentType: media.headers['content-type'] ?? 'application/octet-stream',
      });
      return json(res, 200, { id });
    }
    const match = /^\/drive\/v3\/files\/([\w-]+)$/.exec(path);
    const file = match ? drive.files.get(match[1]) : undefined;
    if (!match || !file) return googleError(res, 404, 'notFound', `File not found: ${match?.[1] ?? path}.`);
    if (req.method === 'DELETE') {
      drive.files.delete(match[1]);
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'GET' && query.get('alt') === 'media') return sendBytes(req, res, file.body, file.contentType);
    if (req.method === 'GET') return json(res, 200, { id: match[1], name: file.name, parents: file.parents });
    return googleError(res, 405, 'methodNotAllowed', 'Not served');
  }

  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const parsed = new URL(req.url ?? '/', 'http://standin');
    const path = parsed.pathname;
    calls.push(`${req.method} ${path}`);
    try {
      if (path.startsWith('/b2/')) return await onB2(req, res, path.slice(3));
      if (path.startsWith('/b2s3/')) return await onB2S3(req, res, path.slice(5), parsed.searchParams, raw);
      if (path.startsWith('/dropbox/')) return await onDropbox(req, res, path.slice(8), raw);
      if (path.startsWith('/google/')) return await onGoogle(req, res, path.slice(7), parsed.searchParams, raw);
      res.writeHead(404);
      res.end();
    } catch (error) {
      json(res, 500, { error: String(error), id: randomUUID() });
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  url = `http://${host}:${server.address().port}`;
  /** The server's storageApis (config) and the same as environment variables. */
  const apis = {
    backblaze: `${url}/b2`,
    dropboxApi: `${url}/dropbox/api`,
    dropboxContent: `${url}/dropbox/content`,
    googleToken: `${url}/google/token`,
    googleDrive: `${url}/google`,
  };
  const env = {
    B2_API_URL: apis.backblaze,
    DROPBOX_API_URL: apis.dropboxApi,
    DROPBOX_CONTENT_URL: apis.dropboxContent,
    GOOGLE_TOKEN_URL: apis.googleToken,
    GOOGLE_DRIVE_URL: apis.googleDrive,
  };
  return {
    url,
    apis,
    env,
    b2,
    dropbox,
    drive,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
