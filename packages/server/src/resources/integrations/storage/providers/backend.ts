import type { Readable } from 'node:stream';

/** A byte range of an object, both ends included. */
export type ByteRange = { start: number; end: number };

/**
 * Where files of one profile are kept: write, read (whole or a range) and delete. `put` answers
 * the key to keep for the file (the key it was given, but for Drive, whose files go by id).
 */
export type Backend = {
  put(key: string, file: string, size: number, contentType: string): Promise<string>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
};
