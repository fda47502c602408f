import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { messages, TTS_MAX_TEXT } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeActor } from './helpers.js';

type Item = { id: number; name: string; createdAt: string; mimeType: string; size: number };

/** A valid mono 16-bit PCM WAV of `samples` samples, with varied bytes so ranges can be told apart. */
function wav(samples: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(((i * 7919) % 65536) - 32768, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 1)]);
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(300, 2)]);

/** Files (not folders, not in-flight temporaries) under the media folder. */
function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

const hasEspeak = (() => {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.each(drivers())('media files on %s', (driver) => {
  const s = useTestServer(driver, { config: { mediaMaxBytes: 256 * 1024 } });
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const mediaDir = () => s.ctx.config.mediaDir;

  async function upload(
    bytes: Buffer,
    name: string,
    options: { type?: string; token?: string | null; field?: string; query?: boolean } = {},
  ) {
    const form = new FormData();
    form.append(options.field ?? 'file', new Blob([bytes], { type: options.type ?? 'audio/wav' }), name);
    const auth = options.token === undefined ? token : options.token;
    const url = `${s.url}/api/storage/media${options.query && auth ? `?access_token=${auth}` : ''}`;
    const headers: Record<string, string> = {};
    if (auth && !options.query) headers.authorization = `Bearer ${auth}`;
    const res = await fetch(url, { method: 'POST', body: form, headers });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function stream(id: number, headers: Record<string, string> = {}, auth: string = token) {
    const res = await fetch(`${s.url}/api/storage/media/${id}/stream?access_token=${auth}`, { headers });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('uploads a WAV with the token in the query, lists it and streams it back whole', async () => {
    const bytes = wav(4000);
    const res = await upload(bytes, 'greeting.wav', { query: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'greeting.wav', mimeType: 'audio/wav', size: bytes.length });
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();

    const list = await s.request('GET', '/api/storage/media', { token, query: { q: 'greeting*' } });
    expect(list.body.items.map((i: Item) => i.id)).toContain(res.body.id);
    const read = await s.request('GET', `/api/storage/media/${res.body.id}`, { token });
    expect(read.body).toEqual(res.body);

    const whole = await stream(res.body.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(whole.bytes.equals(bytes)).toBe(true);
  });

  it('answers Range requests with 206 and exactly the bytes asked for, and 416 outside the file', async () => {
    const bytes = wav(3000);
    const { body } = await upload(bytes, 'range.wav');
    const size = bytes.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-199', 100, 199],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ['bytes=-16', size - 16, size - 1],
      [`bytes=5000-${size + 1000}`, 5000, size - 1],
    ] as [string, number, number][]) {
      const res = await stream(body.id, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(res.bytes.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await stream(body.id, { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    // A range form the server does not serve (several ranges) gets the whole file.
    const several = await stream(body.id, { range: 'bytes=0-1,4-5' });
    expect(several.status).toBe(200);
    expect(several.bytes.length).toBe(size);
  });

  it('serves a WAV header followed by HTML as a file that no browser runs', async () => {
    const bytes = Buffer.concat([
      wav(10),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    const { body } = await upload(bytes, 'trick.wav');
    const res = await stream(body.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''trick.wav");
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
  });

  it('takes Ogg and MP3 by their content and answers their own types', async () => {
    const ogg = await upload(OGG, 'tone.ogg', { type: 'application/octet-stream' });
    expect(ogg.status).toBe(201);
    expect(ogg.body.mimeType).toBe('audio/ogg');
    const mp3 = await upload(MP3, 'tone.mp3', { type: 'audio/mpeg' });
    expect(mp3.status).toBe(201);
    expect(mp3.body.mimeType).toBe('audio/mpeg');
    expect((await stream(mp3.body.id)).headers.get('content-type')).toBe('audio/mpeg');
  });

  it('refuses a text file named .wav, an empty file, a missing file field and a plain JSON body, leaving no file', async () => {
    const before = storedFiles(mediaDir()).length;
    const text = await upload(Buffer.from('this is not audio at all, just text\n'), 'fake.wav', { type: 'audio/wav' });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ id: 'app.media.validation', code: 400 });
    expect(text.body.fields[0]).toEqual({
      field: 'file',
      message: 'Only audio files are accepted: WAV, MP3 or Ogg.',
      key: 'errors.audioOnly',
    });
    const empty = await upload(Buffer.alloc(0), 'empty.wav');
    expect(empty.status).toBe(400);
    const other = await upload(wav(10), 'x.wav', { field: 'upload' });
    expect(other.status).toBe(400);
    expect(other.body.fields[0]).toEqual({ field: 'file', message: messages.required });
    const json = await s.request('POST', '/api/storage/media', { token, body: { name: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.fields[0].field).toBe('file');
    expect(storedFiles(mediaDir()).length).toBe(before);
    const names = (await s.request('GET', '/api/storage/media', { token, query: { size: 1000 } })).body.items.map(
      (i: Item) => i.name,
    );
    expect(names).not.toContain('fake.wav');
  });

  it('refuses a file over MEDIA_MAX_BYTES with 413 and keeps nothing of it', async () => {
    const before = storedFiles(mediaDir()).length;
    const res = await upload(wav(200 * 1024), 'big.wav');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ id: 'app.media.too_large', code: 413 });
    expect(res.body.fields[0].field).toBe('file');
    expect(storedFiles(mediaDir()).length).toBe(before);
    const list = await s.request('GET', '/api/storage/media', { token, query: { q: 'big.wav' } });
    expect(list.body.items).toEqual([]);
  });

  it('deletes one and several records with their files; the stream then answers 404', async () => {
    const a = (await upload(wav(100), 'del-a.wav')).body;
    const b = (await upload(wav(100), 'del-b.wav')).body;
    const c = (await upload(wav(100), 'del-c.wav')).body;
    const before = storedFiles(mediaDir()).length;
    expect((await s.request('DELETE', `/api/storage/media/${a.id}`, { token })).status).toBe(200);
    expect((await stream(a.id)).status).toBe(404);
    expect((await s.request('GET', `/api/storage/media/${a.id}`, { token })).status).toBe(404);
    const bulk = await s.request('DELETE', '/api/storage/media', { token, query: { id: [b.id, c.id] } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.items.map((i: Item) => i.id).sort()).toEqual([b.id, c.id].sort());
    expect(storedFiles(mediaDir()).length).toBe(before - 3);
  });

  it('pages, searches by name and sorts on every sortable field', async () => {
    for (const n of ['pg-c.wav', 'pg-a.wav', 'pg-b.wav'])
      expect((await upload(wav(50 + n.length), n)).status).toBe(201);
    const page1 = await s.request('GET', '/api/storage/media', { token, query: { q: 'PG-*', size: 2, sort: '+name' } });
    expect(page1.body.items.map((i: Item) => i.name)).toEqual(['pg-a.wav', 'pg-b.wav']);
    expect(page1.body.next).toBe(true);
    const page2 = await s.request('GET', '/api/storage/media', {
      token,
      query: { q: 'pg-*', size: 2, page: 2, sort: '+name' },
    });
    expect(page2.body).toEqual({ items: [expect.objectContaining({ name: 'pg-c.wav' })], next: false });
    for (const field of ['name', 'createdAt', 'mimeType', 'size']) {
      const up = await s.request('GET', '/api/storage/media', { token, query: { sort: `+${field}`, size: 1000 } });
      const down = await s.request('GET', '/api/storage/media', { token, query: { sort: `-${field}`, size: 1000 } });
      expect(up.status, field).toBe(200);
      expect(down.body.items.map((i: Item) => i.id)).toEqual(up.body.items.map((i: Item) => i.id).reverse());
    }
    // Pickers ask for id and name only.
    const picker = await s.request('GET', '/api/storage/media', { token, query: { fields: 'id,name', size: 1 } });
    expect(Object.keys(picker.body.items[0]).sort()).toEqual(['id', 'name']);
  });

  it('needs the media_file rights: 403 without them, the token in the URL only on upload and stream', async () => {
    const { body } = await upload(wav(100), 'guarded.wav');
    const none = await makeActor(s, token, { grants: {} });
    expect((await s.request('GET', '/api/storage/media', { token: none.token })).status).toBe(403);
    expect((await stream(body.id, {}, none.token)).status).toBe(403);
    expect((await upload(wav(10), 'no.wav', { token: none.token })).status).toBe(403);
    expect((await s.request('DELETE', `/api/storage/media/${body.id}`, { token: none.token })).status).toBe(403);
    expect((await s.request('GET', '/api/storage/media/tts', { token: none.token })).status).toBe(403);
    expect(
      (await s.request('POST', '/api/storage/media/tts', { token: none.token, body: { name: 'n', text: 'hi' } }))
        .status,
    ).toBe(403);

    const reader = await makeActor(s, token, { grants: { media_file: 'r' } });
    expect((await s.request('GET', '/api/storage/media', { token: reader.token })).status).toBe(200);
    const played = await stream(body.id, { range: 'bytes=0-3' }, reader.token);
    expect(played.status).toBe(206);
    expect(played.bytes.toString()).toBe('RIFF');
    expect((await upload(wav(10), 'no.wav', { token: reader.token })).status).toBe(403);
    expect((await s.request('DELETE', `/api/storage/media/${body.id}`, { token: reader.token })).status).toBe(403);

    // The list route does not take ?access_token=: a token in a URL ends up in logs.
    const inUrl = await fetch(`${s.url}/api/storage/media?access_token=${token}`);
    expect(inUrl.status).toBe(401);
    expect((await upload(wav(10), 'anon.wav', { token: null })).status).toBe(401);
  });

  it('shows another domain nothing: list, read, stream and delete', async () => {
    const { body } = await upload(wav(100), 'tenant.wav');
    const other = await s.createDomain(`media${Date.now().toString(36)}`);
    const list = await s.request('GET', '/api/storage/media', { token: other.adminToken, query: { size: 1000 } });
    expect(list.body.items).toEqual([]);
    expect((await s.request('GET', `/api/storage/media/${body.id}`, { token: other.adminToken })).status).toBe(404);
    expect((await stream(body.id, {}, other.adminToken)).status).toBe(404);
    expect((await s.request('DELETE', `/api/storage/media/${body.id}`, { token: other.adminToken })).status).toBe(404);
    expect((await stream(body.id)).status).toBe(200);
  });

  it('checks the text-to-speech body', async () => {
    for (const [b, field, message] of [
      [{ text: 'hello' }, 'name', messages.required],
      [{ name: 'n', text: '  ' }, 'text', messages.required],
      [{ name: 'n', text: 'x'.repeat(TTS_MAX_TEXT + 1) }, 'text', `${messages.max} ${TTS_MAX_TEXT}`],
      [{ name: 'n', text: 'hi', voice: '--help' }, 'voice', undefined],
    ] as [Record<string, unknown>, string, string | undefined][]) {
      const res = await s.request('POST', '/api/storage/media/tts', { token, body: b });
      expect(res.status, JSON.stringify(b)).toBe(400);
      const entry = res.body.fields.find((f: { field: string }) => f.field === field);
      expect(entry, JSON.stringify(res.body)).toBeDefined();
      if (message) expect(entry.message).toBe(message);
    }
  });

  it.runIf(hasEspeak)('speaks text with espeak-ng into a playable WAV', async () => {
    const status = await s.request('GET', '/api/storage/media/tts', { token });
    expect(status.body).toMatchObject({ available: true, engine: 'espeak-ng' });
    const res = await s.request('POST', '/api/storage/media/tts', {
      token,
      body: { name: 'welcome', text: '-v Welcome to the switchboard. Please hold.', voice: 'en' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'welcome', mimeType: 'audio/wav' });
    const played = await stream(res.body.id);
    expect(played.status).toBe(200);
    const wavBytes = played.bytes;
    expect(wavBytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(wavBytes.subarray(8, 12).toString()).toBe('WAVE');
    // Walk the chunks to the data chunk: it must hold sound, not silence only.
    let at = 12;
    let dataSize = 0;
    let dataAt = 0;
    while (at + 8 <= wavBytes.length) {
      const id = wavBytes.subarray(at, at + 4).toString();
      const size = wavBytes.readUInt32LE(at + 4);
      if (id === 'data') {
        dataAt = at + 8;
        dataSize = Math.min(size, wavBytes.length - dataAt);
        break;
      }
      at += 8 + size + (size % 2);
    }
    expect(dataSize).toBeGreaterThan(1000);
    const samples = wavBytes.subarray(dataAt, dataAt + dataSize);
    expect(samples.some((b) => b !== 0)).toBe(true);
    expect(res.body.size).toBe(wavBytes.length);
  });
});

describe('media text-to-speech without an engine', () => {
  const s = useTestServer('pglite', { config: { ttsCommand: '/nonexistent/espeak-ng' } });

  it('says it is unavailable and refuses with 503 and a clear message, storing nothing', async () => {
    const status = await s.request('GET', '/api/storage/media/tts', { token: s.adminToken });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ available: false, engine: 'espeak-ng', voices: [], profiles: [] });
    const res = await s.request('POST', '/api/storage/media/tts', {
      token: s.adminToken,
      body: { name: 'n', text: 'hello' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ id: 'app.media.tts_unavailable', code: 503 });
    expect(res.body.detail).toContain('No text-to-speech engine is installed');
    expect((await s.request('GET', '/api/storage/media', { token: s.adminToken })).body.items).toEqual([]);
  });
});
