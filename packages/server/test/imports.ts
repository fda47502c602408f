import type { ImportErrorRow, ImportItem } from '@switchboard/model';
import { expect } from 'vitest';

/** What an import test needs of a server: its address (a test server, or a child process). */
type Target = { url: string };

/** Uploads a CSV file to `POST /api{path}/import` as multipart; options go as fields before the file. */
export async function uploadImport(
  s: Target,
  token: string,
  path: string,
  content: string | Uint8Array,
  options: Record<string, string> = {},
  fileName = 'import.csv',
): Promise<{ status: number; body: ImportItem & { detail?: string; fields?: { field: string; message: string }[] } }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(options)) form.append(k, v);
  form.append('file', new Blob([content], { type: 'text/csv' }), fileName);
  const res = await fetch(`${s.url}/api${path}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as never };
}

export async function getImport(s: Target, token: string, id: number): Promise<ImportItem> {
  const res = await fetch(`${s.url}/api/imports/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as ImportItem;
}

/** Polls an import until it ends (done, failed or cancelled). */
export async function waitImport(s: Target, token: string, id: number, timeoutMs = 120_000): Promise<ImportItem> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const item = await getImport(s, token, id);
    if (item.state !== 'queued' && item.state !== 'running') return item;
    if (Date.now() > until) throw new Error(`import ${id} still ${item.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every line of an import's report, in order. */
export async function importErrors(s: Target, token: string, id: number): Promise<ImportErrorRow[]> {
  const out: ImportErrorRow[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${s.url}/api/imports/${id}/errors?page=${page}&size=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { items: ImportErrorRow[]; next: boolean };
    out.push(...body.items);
    if (!body.next) return out;
  }
}

/** Uploads and waits: the ended import and its report. */
export async function importCsv(
  s: Target,
  token: string,
  path: string,
  content: string | Uint8Array,
  options: Record<string, string> = {},
): Promise<{ item: ImportItem; errors: ImportErrorRow[] }> {
  const up = await uploadImport(s, token, path, content, options);
  expect(up.status, JSON.stringify(up.body)).toBe(202);
  const item = await waitImport(s, token, up.body.id);
  return { item, errors: await importErrors(s, token, item.id) };
}

/** `n` numbers, one a line after a header, with the bad lines given (file line → row text). */
export function numbersFile(n: number, bad: Record<number, string> = {}, start = 0): string {
  const lines = ['number,description,expireAt'];
  for (let i = 0; i < n; i++) {
    const line = i + 2;
    lines.push(bad[line] ?? `38044${String(start + i).padStart(7, '0')},row ${line},`);
  }
  return `${lines.join('\n')}\n`;
}
