import { imageSize } from 'image-size';

/** What the header of a PNG or JPEG says of its type and size. */
export type ImageInfo = { type: 'png' | 'jpeg'; width: number; height: number };

/** Width and height of a PNG or JPEG read from its header (by `image-size`); null for anything else. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  let found: ReturnType<typeof imageSize>;
  try {
    found = imageSize(bytes);
  } catch {
    return null;
  }
  const type = found.type === 'png' ? 'png' : found.type === 'jpg' ? 'jpeg' : null;
  return type ? { type, width: found.width, height: found.height } : null;
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
