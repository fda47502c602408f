// A local stand-in for the few S3 calls storage profiles make (PutObject, GetObject with ranges,
// HeadObject, DeleteObject), path-style: `/<bucket>/<key>`. It does not check signatures, but the
// Authorization header must name the known key id (`Credential=<keyId>/...`), and the bucket must
// be the known one. Plain ESM: the API tests and the browser tests' server launcher both start it.
import http from 'node:http';

export const xmlError = (res, status, code, message) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

/** Decodes an `aws-chunked` body: `<hex size>;chunk-signature=...\r\n<bytes>\r\n`, ending with size 0. */
export function decodeChunked(raw) {
  const parts = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString().split(';')[0], 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * Starts the stand-in. `objects` maps `<bucket>/<key>` to `{body, contentType}`; `calls` lists
 * `<METHOD> <path>` of every request that passed the checks.
 */
export async function startS3Standin({
  keyId = 'STANDINKEY',
  bucket = 'switchboard',
  port = 0,
  host = '127.0.0.1',
} = {}) {
  const objects = new Map();
  const calls = [];
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://standin');
    const auth = String(req.headers.authorization ?? '');
    if (!auth.includes(`Credential=${keyId}/`)) {
      return xmlError(
        res,
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    const [, bucketName, ...rest] = decodeURIComponent(url.pathname).split('/');
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = rest.join('/');
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'Only object calls are served');
    const id = `${bucketName}/${key}`;
    calls.push(`${req.method} /${id}`);
    if (req.method === 'PUT') {
      const chunked =
        String(req.headers['content-encoding'] ?? '').includes('aws-chunked') ||
        String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
      objects.set(id, {
        body: chunked ? decodeChunked(raw) : raw,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
      });
      res.writeHead(200, { etag: `"${id.length}"` });
      return res.end();
    }
    const found = objects.get(id);
    if (req.method === 'DELETE') {
      objects.delete(id);
      res.writeHead(204);
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return xmlError(res, 405, 'MethodNotAllowed', 'Not served');
    if (!found) {
      if (req.method === 'HEAD') {
        res.writeHead(404);
        return res.end();
      }
      return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
    }
    const size = found.body.length;
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    let start = 0;
    let end = size - 1;
    if (range) {
      if (range[1] === '') start = Math.max(0, size - Number(range[2]));
      else {
        start = Number(range[1]);
        end = range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
      }
      if (start > end || start >= size)
        return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
    }
    const headers = {
      'content-type': found.contentType,
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
      etag: `"${size}"`,
      'last-modified': new Date(0).toUTCString(),
    };
    if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    res.writeHead(range ? 206 : 200, headers);
    res.end(req.method === 'HEAD' ? undefined : found.body.subarray(start, end + 1));
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    keyId,
    bucket,
    objects,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
