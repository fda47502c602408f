import { MEDIA_UPLOAD_FIELD } from '@switchboard/model';
import { ApiFailure, apiUrl, getToken, queryString, reportFailure } from '../../../app/api';

export type MediaItem = { id: number; name: string; createdAt: string; mimeType: string; size: number };

/**
 * Uploads one file as multipart field `file`. XMLHttpRequest rather than fetch: only it reports
 * upload progress. The token rides in the query (spec part 1 section 7), as the route allows.
 */
export function uploadMedia(file: Blob, name: string, onProgress: (fraction: number) => void): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append(MEDIA_UPLOAD_FIELD, file, name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiUrl('/storage/media')}${queryString({ access_token: getToken() })}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        body = { message: xhr.statusText };
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as MediaItem);
        return;
      }
      const failure = new ApiFailure(xhr.status, body as ApiFailure['body']);
      reportFailure(failure);
      reject(failure);
    };
    xhr.onerror = () => {
      const failure = new ApiFailure(0, { message: 'network' });
      reportFailure(failure);
      reject(failure);
    };
    xhr.send(form);
  });
}

/** Where the player reads a media file: the stream route, token in the query. */
export const streamUrl = (id: number) =>
  `${apiUrl(`/storage/media/${id}/stream`)}${queryString({ access_token: getToken() })}`;
