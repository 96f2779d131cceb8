import multipart from '@fastify/multipart';
import { DOCUMENT_MESSAGES, MEDIA_MESSAGES, uploadDocument, uploadMedia } from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MediaStorage } from '../../adapters/media-storage/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { storeDocument } from './commands/store-document.js';
import { storeImage } from './commands/store-image.js';
import { CONTENT_TYPES } from './media-files.js';

export async function mediaRoutes(app: FastifyInstance, opts: { storage: MediaStorage; maxBytes: number }) {
  const { storage, maxBytes } = opts;
  // Scoped to this plugin: only upload-media accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });

  addRoute(app, uploadMedia, async ({ request }) => {
    if (!request.isMultipart())
      throw badRequest(MEDIA_MESSAGES.missing, [{ field: 'file', message: MEDIA_MESSAGES.missing }]);
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file)
        throw badRequest(MEDIA_MESSAGES.missing, [{ field: 'file', message: MEDIA_MESSAGES.missing }]);
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, MEDIA_MESSAGES.tooLarge(maxBytes), [
          { field: 'file', message: MEDIA_MESSAGES.tooLarge(maxBytes) },
        ]);
      }
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw badRequest('Upload one image at a time.');
      }
      throw error;
    }
    return { message: 'Image uploaded.', result: await storeImage(storage, bytes) };
  });

  addRoute(app, uploadDocument, async ({ request }) => {
    const fileError = (status: number, message: string) =>
      new AppError(status, message, [{ field: 'file', message }]);
    const upload = await readOneFile(request, {
      missing: () => fileError(400, DOCUMENT_MESSAGES.missing),
      tooLarge: () => fileError(413, DOCUMENT_MESSAGES.tooLarge(maxBytes)),
    });
    return {
      message: 'Document uploaded.',
      result: await storeDocument(storage, upload.bytes, upload.fileName),
    };
  });

  // Same origin as the console, so the content security policy's img-src 'self' covers it.
  app.get<{ Params: { key: string } }>('/media/:key', async (request, reply) => {
    const { key } = request.params;
    const ext = key.split('.').pop() ?? '';
    const contentType = CONTENT_TYPES[ext];
    const object = contentType ? await storage.get(key) : null;
    if (!object) return reply.status(404).send({ message: 'This image was not found.' });
    reply.header('content-type', contentType);
    // A PDF is someone's upload: shown in the browser's viewer, never able to run as our origin.
    if (ext === 'pdf') reply.header('content-security-policy', "sandbox; default-src 'none'");
    // Keys are random and never reused, so the bytes under one URL never change.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply.send(object.body);
  });
}

/** The one file part of a multipart upload, with its bytes and a printable name. */
async function readOneFile(
  request: FastifyRequest,
  errors: { missing: () => AppError; tooLarge: () => AppError },
): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw errors.missing();
  try {
    const file = await request.file();
    if (!file) throw errors.missing();
    const bytes = await file.toBuffer();
    const fileName = (file.filename || 'document').replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 120);
    return { bytes, fileName };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('Upload one file at a time.');
    throw error;
  }
}
