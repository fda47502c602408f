/** Width and height of a PNG or JPEG read from its header; null for anything else. */
export type ImageInfo = { type: 'png' | 'jpeg'; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(b: Uint8Array): ImageInfo | null {
  // Signature, then the IHDR chunk: length (4), type (4), width (4), height (4).
  if (b.length < 24 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return null;
  if (String.fromCharCode(b[12], b[13], b[14], b[15]) !== 'IHDR') return null;
  const u32 = (o: number) => ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
  return { type: 'png', width: u32(16), height: u32(20) };
}

/** Start-of-frame markers carry the size: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Uint8Array): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let o = 2;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return null;
    const marker = b[o + 1];
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      o += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      o += 2;
      continue;
    }
    const len = (b[o + 2] << 8) | b[o + 3];
    if (len < 2) return null;
    if (isSof(marker)) {
      if (o + 9 > b.length) return null;
      return { type: 'jpeg', height: (b[o + 5] << 8) | b[o + 6], width: (b[o + 7] << 8) | b[o + 8] };
    }
    o += 2 + len;
  }
  return null;
}

export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  return pngSize(bytes) ?? jpegSize(bytes);
}

/** Bytes of a `data:image/png;base64,...` URL; null when it is not one. */
export function dataUrlBytes(url: string): { mime: string; bytes: Uint8Array } | null {
  const m = /^data:([a-z/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(url);
  if (!m) return null;
  try {
    const text = atob(m[2].replace(/\s/g, ''));
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return { mime: m[1].toLowerCase(), bytes };
  } catch {
    return null;
  }
}

export const LOGO_SIZE_PX = 24;
/** A 24x24 image needs far less; this bounds what a body may carry. */
export const LOGO_MAX_BYTES = 64 * 1024;

/**
 * The web chat logo (spec part 2 section 5): empty, an http(s) address, or a data URL of a
 * JPEG or PNG of exactly 24x24 pixels, whose header says so.
 */
export function isValidLogo(url: string): boolean {
  if (url === '') return true;
  if (/^https?:\/\/\S+$/i.test(url)) return true;
  const data = dataUrlBytes(url);
  if (!data || data.bytes.length > LOGO_MAX_BYTES) return false;
  if (data.mime !== 'image/png' && data.mime !== 'image/jpeg') return false;
  const info = imageInfo(data.bytes);
  return (
    info !== null && `image/${info.type}` === data.mime && info.width === LOGO_SIZE_PX && info.height === LOGO_SIZE_PX
  );
}
