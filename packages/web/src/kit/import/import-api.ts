import type { ImportErrorRow, ImportItem, ImportMode, ImportOptions } from '@switchboard/model';
import { ApiFailure, api, apiUrl, getToken, reportFailure } from '../../app/api';

/** Report rows the dialog shows; the rest are in the CSV download. */
export const REPORT_PAGE_SIZE = 50;

export type UploadOptions = {
  mode: ImportMode;
  charset: ImportOptions['charset'];
  separator: ImportOptions['separator'];
  header: boolean;
  /** JSON text `{"<field>": <column>}`; none lets the header (or the column order) decide. */
  mapping?: string;
};

/**
 * Uploads a file to `{listPath}/import` as multipart: the options first, so the server knows
 * them before the file streams in, then the file. Answers the import the server queued (202).
 * Failures are thrown for the dialog to show, not notified (a 401 still signs out).
 */
export async function uploadImport(listPath: string, file: Blob, fileName: string, options: UploadOptions) {
  const form = new FormData();
  form.append('mode', options.mode);
  form.append('charset', options.charset);
  form.append('separator', options.separator);
  form.append('header', String(options.header));
  if (options.mapping !== undefined) form.append('mapping', options.mapping);
  form.append('file', file, fileName);
  let res: Response;
  try {
    res = await fetch(apiUrl(`${listPath}/import`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${getToken() ?? ''}` },
      body: form,
    });
  } catch (error) {
    throw new ApiFailure(0, { message: (error as Error).message });
  }
  const body = (await res.json().catch(() => ({}))) as unknown;
  if (!res.ok) {
    const failure = new ApiFailure(res.status, body as ApiFailure['body']);
    reportFailure(failure, true);
    throw failure;
  }
  return body as ImportItem;
}

export const getImport = (id: number) => api.get<ImportItem>(`/imports/${id}`, { silent: true });

export const cancelImport = (id: number) => api.post<ImportItem>(`/imports/${id}/cancel`, {}, { silent: true });

/** The caller's recent imports into one list, newest first. */
export const recentImports = (resource: string, parentId: number | null) =>
  api.get<{ items: ImportItem[] }>('/imports', {
    silent: true,
    query: { resource, parentId: parentId ?? undefined },
  });

export const reportPage = (id: number) =>
  api.get<{ items: ImportErrorRow[]; next: boolean }>(`/imports/${id}/errors`, {
    silent: true,
    query: { page: 1, size: REPORT_PAGE_SIZE },
  });
