/** What an uploaded file is, by its bytes, and where it is served. */

export const FORMATS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
} as const;
export type Format = keyof typeof FORMATS;

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** A PDF by its first bytes (`%PDF-`), whatever the file is called. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';
}

export const THUMBNAIL_SIZE = 400;
/** A decompression bomb is refused before it is decoded. */
export const MAX_PIXELS = 40_000_000;

/** JPEG, PNG or WebP by their first bytes; null for anything else, whatever the file is called. */
export function sniffImage(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

/** The thumbnail that belongs to an image URL made by this service. */
export function thumbnailOf(url: string | null): string | null {
  if (!url) return null;
  const match = /^\/media\/([0-9a-f-]{36})\.(jpg|png|webp)$/.exec(url);
  return match ? mediaUrl(`${match[1]}-thumb.webp`) : null;
}
