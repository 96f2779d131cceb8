import { randomUUID } from 'node:crypto';
import { MEDIA_MESSAGES, type UploadedMedia } from '@marquee/contract';
import type { Metadata, OutputInfo } from 'sharp';
import type { MediaStorage } from '../../../adapters/media-storage/index.js';
import { badRequest } from '../../../lib/errors.js';
import { FORMATS, MAX_PIXELS, mediaUrl, sniffImage, THUMBNAIL_SIZE } from '../media-files.js';

/**
 * Checks the bytes (magic number, then a full decode of the header by sharp), strips metadata such as
 * GPS positions by re-encoding in the same format, applies the EXIF rotation, and stores the image and a
 * WebP thumbnail.
 */
export async function storeImage(storage: MediaStorage, bytes: Buffer): Promise<UploadedMedia> {
  // Loaded with the first upload, not at start (docs/performance.md, "Warm start").
  const { default: sharp } = await import('sharp');
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
