import type { Backend } from './backend.js';
import { bodyOf, call, fileBody, jsonOf, ProviderError, plain, rangeHeader, uploadTimeout } from './http.js';

/** Where the Dropbox API answers: RPC calls on the api host, file bytes on the content host. */
export type DropboxUrls = { api: string; content: string };

const PROVIDER = 'Dropbox';
/** files/upload takes up to 150 MB; larger files go in chunks of this size through an upload session. */
export const UPLOAD_MAX_BYTES = 128 * 1024 * 1024;

/** Dropbox answers errors as `{error_summary, error}` (409, 401) or plain text (400). */
const explain = (status: number, text: string) => {
  const json = jsonOf(text);
  const summary = typeof json?.error_summary === 'string' ? json.error_summary.replace(/\/\.*$/, '') : '';
  const tag = (json?.error as { '.tag'?: string } | undefined)?.['.tag'];
  const message = status === 401 ? 'the access token was refused' : summary ? '' : plain(text, status);
  return { code: summary || tag || `http_${status}`, message };
};

/** The Dropbox-API-Arg header: JSON with every non-ASCII character escaped, as Dropbox requires. */
const apiArg = (value: Record<string, unknown>) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Files in a Dropbox account (or the app's folder, for an app-folder token) through API v2 with
 * the profile's access token: the stored key is the path below the root.
 */
export function dropboxBackend(token: string, urls: DropboxUrls, chunkBytes = UPLOAD_MAX_BYTES): Backend {
  const auth = { authorization: `Bearer ${token}` };
  const pathOf = (key: string) => `/${key}`;
  return {
    async put(key, file, size) {
      const commit = { path: pathOf(key), mode: 'overwrite', autorename: false, mute: true };
      /** One request of an upload: `arg` in the header, the file's bytes [start, end) as the body. */
      const send = (route: string, arg: Record<string, unknown>, start: number, end: number) =>
        call(
          PROVIDER,
          `${urls.content}/2/files/${route}`,
          {
            method: 'POST',
            headers: {
              ...auth,
              'content-type': 'application/octet-stream',
              'content-length': String(end - start),
              'dropbox-api-arg': apiArg(arg),
            },
            body: end > start ? fileBody(file, undefined, undefined, { start, end: end - 1 }) : '',
            timeoutMs: uploadTimeout(end - start),
          },
          explain,
        );
      if (size <= chunkBytes) {
        await send('upload', commit, 0, size);
        return key;
      }
      // Past what one upload takes: an upload session, sent in chunks, committed at the end.
      const started = await send('upload_session/start', { close: false }, 0, chunkBytes);
      const { session_id } = (await started.json()) as { session_id: string };
      let offset = chunkBytes;
      while (size - offset > chunkBytes) {
        await send(
          'upload_session/append_v2',
          { cursor: { session_id, offset }, close: false },
          offset,
          offset + chunkBytes,
        );
        offset += chunkBytes;
      }
      await send('upload_session/finish', { cursor: { session_id, offset }, commit }, offset, size);
      return key;
    },
    async get(key, range) {
      const res = await call(
        PROVIDER,
        `${urls.content}/2/files/download`,
        {
          method: 'POST',
          headers: { ...auth, 'dropbox-api-arg': apiArg({ path: pathOf(key) }), ...rangeHeader(range) },
        },
        explain,
      );
      return bodyOf(res);
    },
    async remove(key) {
      // A file already gone is removed all the same (as S3 and the local folder take it).
      await call(
        PROVIDER,
        `${urls.api}/2/files/delete_v2`,
        {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ path: pathOf(key) }),
        },
        explain,
      ).catch((error: unknown) => {
        if (!(error instanceof ProviderError && error.code.startsWith('path_lookup/not_found'))) throw error;
      });
    },
  };
}
