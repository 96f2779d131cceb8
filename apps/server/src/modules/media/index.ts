import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { mediaRoutes } from './media.routes.js';
import { createMediaService } from './media.service.js';

export { createMediaService, thumbnailOf } from './media.service.js';

/** Uploads of pictures and documents, and their thumbnails. */
export async function mediaModule(app: FastifyInstance, ports: Ports) {
  await app.register(mediaRoutes, {
    media: createMediaService({ storage: ports.storage }),
    storage: ports.storage,
    maxBytes: ports.config.media.maxBytes,
  });
}
