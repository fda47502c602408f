import { describe, expect, it } from 'vitest';
import { sniffAudio } from './sniff.js';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffAudio', () => {
  it('knows WAV by RIFF and WAVE', () => {
    expect(sniffAudio(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBe('audio/wav');
    expect(sniffAudio(bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST'))).toBeNull();
  });
  it('knows Ogg pages and MP3 by an ID3 tag or a frame header', () => {
    expect(sniffAudio(bytes('OggS', [0, 2, 0, 0, 0, 0, 0, 0]))).toBe('audio/ogg');
    expect(sniffAudio(bytes('ID3', [4, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('audio/mpeg');
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz.
    expect(sniffAudio(bytes([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('audio/mpeg');
  });
  it('refuses text, a reserved MPEG version, a bad bitrate and too few bytes', () => {
    expect(sniffAudio(bytes('hello, world'))).toBeNull();
    expect(sniffAudio(bytes([0xff, 0xeb, 0x90, 0x64]))).toBeNull();
    expect(sniffAudio(bytes([0xff, 0xfb, 0xf0, 0x64]))).toBeNull();
    expect(sniffAudio(bytes('RIF'))).toBeNull();
    expect(sniffAudio(new Uint8Array())).toBeNull();
  });
});
