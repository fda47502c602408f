import type { MediaMimeType } from '@switchboard/model';

/** Bytes sniffAudio needs to decide. */
export const SNIFF_BYTES = 12;

const ascii = (buf: Uint8Array, at: number, text: string) =>
  buf.length >= at + text.length && [...text].every((ch, i) => buf[at + i] === ch.charCodeAt(0));

/**
 * The audio kind of a file from its first bytes: RIFF/WAVE, an ID3 tag or an MPEG frame sync
 * (MP3), or an Ogg page. A client's content type or file name proves nothing, so uploads are
 * judged by this alone; null means not an audio kind the store takes.
 */
export function sniffAudio(head: Uint8Array): MediaMimeType | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'audio/wav';
  if (ascii(head, 0, 'OggS')) return 'audio/ogg';
  if (ascii(head, 0, 'ID3')) return 'audio/mpeg';
  // MPEG audio frame header: 11 set sync bits, a version other than reserved (01), layer III, II
  // or I (not 00), and a bitrate index other than 1111.
  if (head.length >= 3 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0) {
    const version = (head[1] >> 3) & 0x03;
    const layer = (head[1] >> 1) & 0x03;
    const bitrate = (head[2] >> 4) & 0x0f;
    if (version !== 1 && layer !== 0 && bitrate !== 0x0f) return 'audio/mpeg';
  }
  return null;
}

/** File extension of a sniffed kind, for the stored file's name. */
export const EXTENSIONS: Record<MediaMimeType, string> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
};
