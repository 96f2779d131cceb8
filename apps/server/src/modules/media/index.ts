import type { FastifyInstance } from 'fastify';
import type { MediaStorage } from '../../adapters/media-storage/index.js';
import type { Ports } from '../../ports.js';
import { storeDocument } from './commands/store-document.js';
import { storeImage } from './commands/store-image.js';
import { mediaRoutes } from './routes.js';

export { thumbnailOf } from './media-files.js';

/** The uploads bound to one storage (the seeds store their demo pictures through it). */
export function createMediaService(deps: { storage: MediaStorage }) {
  return {
    storeImage: (bytes: Buffer) => storeImage(deps.storage, bytes),
    storeDocument: (bytes: Buffer, fileName: string) => storeDocument(deps.storage, bytes, fileName),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

/** Uploads of pictures and documents, and their thumbnails. */
export async function mediaModule(app: FastifyInstance, ports: Ports) {
  await app.register(mediaRoutes, { storage: ports.storage, maxBytes: ports.config.media.maxBytes });
}
