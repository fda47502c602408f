import { describe, expect, it } from 'vitest';
import { imageInfo, isValidLogo } from './image-size.js';

const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));

function pngHeader(w: number, h: number): number[] {
  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return [
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    ...u32(w),
    ...u32(h),
    8,
    6,
    0,
    0,
    0,
  ];
}

/** SOI, an APP0 segment, then SOF0 with the size. */
function jpegHeader(w: number, h: number): number[] {
  return [0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, h >> 8, h & 255, w >> 8, w & 255, 1, 1, 0x11, 0];
}

describe('image header', () => {
  it('reads PNG and JPEG sizes', () => {
    expect(imageInfo(new Uint8Array(pngHeader(24, 24)))).toEqual({ type: 'png', width: 24, height: 24 });
    expect(imageInfo(new Uint8Array(jpegHeader(300, 24)))).toEqual({ type: 'jpeg', width: 300, height: 24 });
    expect(imageInfo(new Uint8Array([1, 2, 3]))).toBeNull();
    // A 24x24 GIF has a size, but is no PNG or JPEG.
    expect(imageInfo(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 24, 0, 24, 0, 0, 0, 0]))).toBeNull();
  });

  it('accepts only a 24x24 JPEG or PNG (or an address) as the web chat logo', () => {
    expect(isValidLogo('')).toBe(true);
    expect(isValidLogo('https://cdn.example/logo.png')).toBe(true);
    expect(isValidLogo(`data:image/png;base64,${b64(pngHeader(24, 24))}`)).toBe(true);
    expect(isValidLogo(`data:image/jpeg;base64,${b64(jpegHeader(24, 24))}`)).toBe(true);
    expect(isValidLogo(`data:image/png;base64,${b64(pngHeader(24, 25))}`)).toBe(false);
    expect(isValidLogo(`data:image/jpeg;base64,${b64(pngHeader(24, 24))}`)).toBe(false);
    expect(isValidLogo(`data:image/gif;base64,${b64([0x47, 0x49, 0x46])}`)).toBe(false);
    expect(isValidLogo('javascript:alert(1)')).toBe(false);
  });
});
