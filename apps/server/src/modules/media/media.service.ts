import { randomUUID } from 'node:crypto';
import type { UploadedDocument, UploadedMedia } from '@marquee/contract';
import { DOCUMENT_MESSAGES, MEDIA_MESSAGES } from '@marquee/contract';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { MediaStorage } from '../../adapters/media-storage/index.js';
import { badRequest } from '../../lib/errors.js';

const FORMATS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
} as const;
type Format = keyof typeof FORMATS;

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
const MAX_PIXELS = 40_000_000;

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

export function createMediaService(deps: { storage: MediaStorage }) {
  const { storage } = deps;

  /**
   * Checks the bytes (magic number, then a full decode of the header by sharp), strips metadata such as
   * GPS positions by re-encoding in the same format, applies the EXIF rotation, and stores the image and a
   * WebP thumbnail.
   */
  async function storeImage(bytes: Buffer): Promise<UploadedMedia> {
    const sniffed = sniffImage(bytes);
    if (!sniffed)
      throw badRequest(MEDIA_MESSAGES.notImage, [{ field: 'file', message: MEDIA_MESSAGES.notImage }]);
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    } catch {
      throw badRequest(MEDIA_MESSAGES.notImage, [{ field: 'file', message: MEDIA_MESSAGES.notImage }]);
    }
    if (meta.format !== sniffed || !meta.width || !meta.height) {
      throw badRequest(MEDIA_MESSAGES.notImage, [{ field: 'file', message: MEDIA_MESSAGES.notImage }]);
    }
    if (meta.width * meta.height > MAX_PIXELS) {
      const message = 'This image has too many pixels. Use one of at most 40 megapixels.';
      throw badRequest(message, [{ field: 'file', message }]);
    }
    const format = FORMATS[sniffed];
    let main: { data: Buffer; info: OutputInfo };
    let thumb: Buffer;
    try {
      const base = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
      main = await base.clone().toFormat(sniffed, { quality: 88 }).toBuffer({ resolveWithObject: true });
      thumb = await base
        .clone()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      // A header that parses over a body that does not.
      throw badRequest(MEDIA_MESSAGES.notImage, [{ field: 'file', message: MEDIA_MESSAGES.notImage }]);
    }
    const id = randomUUID();
    const key = `${id}.${format.ext}`;
    const thumbKey = `${id}-thumb.webp`;
    await storage.put(key, main.data, format.mime);
    await storage.put(thumbKey, thumb, 'image/webp');
    return {
      _id: id,
      url: mediaUrl(key),
      thumbnailUrl: mediaUrl(thumbKey),
      mimeType: format.mime,
      width: main.info.width,
      height: main.info.height,
      size: main.data.length,
    };
  }

  /**
   * A supporting document: a PDF is stored as it is (served sandboxed); a JPEG or PNG goes through the
   * image checks and loses its metadata. Anything else is refused by its bytes.
   */
  async function storeDocument(bytes: Buffer, fileName: string): Promise<UploadedDocument> {
    const sniffed = sniffImage(bytes);
    if (sniffed === 'jpeg' || sniffed === 'png') {
      const image = await storeImage(bytes);
      return { url: image.url, mimeType: FORMATS[sniffed].mime, size: image.size, fileName };
    }
    if (!isPdf(bytes))
      throw badRequest(DOCUMENT_MESSAGES.notDocument, [
        { field: 'file', message: DOCUMENT_MESSAGES.notDocument },
      ]);
    const key = `${randomUUID()}.pdf`;
    await storage.put(key, bytes, 'application/pdf');
    return { url: mediaUrl(key), mimeType: 'application/pdf', size: bytes.length, fileName };
  }

  return { storeImage, storeDocument };
}

export type MediaService = ReturnType<typeof createMediaService>;
