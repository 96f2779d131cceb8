import { randomUUID } from 'node:crypto';
import { DOCUMENT_MESSAGES, type UploadedDocument } from '@marquee/contract';
import type { MediaStorage } from '../../../adapters/media-storage/index.js';
import { badRequest } from '../../../lib/errors.js';
import { FORMATS, isPdf, mediaUrl, sniffImage } from '../media-files.js';
import { storeImage } from './store-image.js';

/**
 * A supporting document: a PDF is stored as it is (served sandboxed); a JPEG or PNG goes through the
 * image checks and loses its metadata. Anything else is refused by its bytes.
 */
export async function storeDocument(
  storage: MediaStorage,
  bytes: Buffer,
  fileName: string,
): Promise<UploadedDocument> {
  const sniffed = sniffImage(bytes);
  if (sniffed === 'jpeg' || sniffed === 'png') {
    const image = await storeImage(storage, bytes);
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
