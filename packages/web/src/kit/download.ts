import { ApiFailure, apiUrl, getToken, queryString, reportFailure } from '../app/api';

/**
 * Saves a file the API serves (an export, an import's report) as `fileName`. Fetched rather than
 * linked, so the token travels in a header and not in a URL that history and logs keep. A failure
 * is notified, with `fallback` when the server sent no message; answers whether the file was saved.
 */
export async function downloadFile(
  path: string,
  fileName: string,
  fallback: string,
  query: Record<string, unknown> = {},
): Promise<boolean> {
  try {
    const res = await fetch(apiUrl(`${path}${queryString(query)}`), {
      headers: { Authorization: `Bearer ${getToken() ?? ''}` },
    });
    if (!res.ok) {
      reportFailure(new ApiFailure(res.status, await res.json().catch(() => ({ message: fallback }))));
      return false;
    }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
    return true;
  } catch {
    reportFailure(new ApiFailure(0, { message: fallback }));
    return false;
  }
}
