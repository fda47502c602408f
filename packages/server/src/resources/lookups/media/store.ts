import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorTexts, type MediaMimeType } from '@switchboard/model';
import type { Config } from '../../../config.js';
import { EXTENSIONS, SNIFF_BYTES, sniffAudio } from './sniff.js';

/** Why a file was not stored. */
export class MediaRefused extends Error {
  constructor(
    readonly reason: 'type' | 'empty',
    message: string,
  ) {
    super(message);
  }
}

/** `<mediaDir>/<relative>`, refusing any path that would leave the media folder. */
export function absolutePath(config: Config, relative: string): string {
  const root = path.resolve(config.mediaDir);
  const full = path.resolve(root, relative);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`media path ${relative} leaves the media folder`);
  return full;
}

function domainFolder(config: Config, domainId: number): string {
  const dir = path.join(path.resolve(config.mediaDir), String(domainId));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** A temporary file in the domain's folder, for a stream or a program to write into. */
export function tempFile(config: Config, domainId: number): string {
  return path.join(domainFolder(config, domainId), `.tmp-${randomUUID()}`);
}

/** Removes a file if it is there; a failure to remove must not hide the error being answered. */
export async function removeQuietly(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true }).catch(() => {});
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Where a media record's bytes live: `<mediaDir>/<domainId>/<id>.<ext>`. */
export function mediaFile(config: Config, domainId: number, id: number, mimeType: string): string {
  const ext = EXTENSIONS[mimeType as MediaMimeType] ?? 'bin';
  return absolutePath(config, `${domainId}/${id}.${ext}`);
}

/**
 * Checks a finished temporary file: its bytes must be audio of a kind the store takes. Answers
 * the kind and size; otherwise the file is removed and MediaRefused thrown.
 */
export async function inspect(temp: string): Promise<{ mimeType: MediaMimeType; size: number }> {
  try {
    const { size } = await fs.promises.stat(temp);
    if (size === 0) throw new MediaRefused('empty', errorTexts.fileEmpty);
    const mimeType = sniffAudio(await readHead(temp));
    if (!mimeType) throw new MediaRefused('type', errorTexts.audioOnly);
    return { mimeType, size };
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
}

/** Streams an upload into a temporary file; the caller adopts it (or removes it on error). */
export async function receive(
  config: Config,
  domainId: number,
  source: Readable,
  signal?: AbortSignal,
): Promise<string> {
  const temp = tempFile(config, domainId);
  try {
    await pipeline(source, fs.createWriteStream(temp, { flags: 'wx' }), { signal });
    return temp;
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
}
