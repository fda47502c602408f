import fs from 'node:fs';
import { api, type Server, sleep } from './server-process.js';

/** A CSV import through the API, as the import benches start and follow it. */

/** An import as the API answers it. */
export type ImportState = { state: string; rowsLoaded: number; rowsFailed: number; error: string | null };

/**
 * Uploads a CSV file to an import route (`route` under the server, multipart: `fields`, then
 * the file as `fileName`) and answers the import's id.
 */
export async function uploadImport(
  server: Server,
  token: string,
  route: string,
  fields: Record<string, string>,
  file: string,
  fileName: string,
): Promise<number> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', await fs.openAsBlob(file), fileName);
  const up = await fetch(`${server.base}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (up.status !== 202) throw new Error(`upload: ${up.status} ${await up.text()}`);
  return ((await up.json()) as { id: number }).id;
}

/** Asks for an import every 200 ms until it is neither queued nor running; answers it then. */
export async function importEnded(server: Server, token: string, id: number): Promise<ImportState> {
  for (;;) {
    const item = await api<ImportState>(server.base, 'GET', `/api/imports/${id}`, token);
    if (item.state !== 'queued' && item.state !== 'running') return item;
    await sleep(200);
  }
}
