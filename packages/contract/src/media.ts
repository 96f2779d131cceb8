import { z } from 'zod';
import { Id } from './common.js';
import { defineRoute, envelope } from './route.js';

/** Image types the server accepts; it checks the bytes, not the file name. */
export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DEFAULT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/** A stored image's public path: served by the API's own origin under `/media/`. */
export const MediaUrl = z
  .string({ error: 'Choose an image' })
  .regex(/^\/media\/[A-Za-z0-9._-]+$/, 'Upload the image first, then save');

export const UploadedMedia = z.object({
  _id: Id,
  url: MediaUrl,
  thumbnailUrl: MediaUrl,
  mimeType: z.enum(MEDIA_MIME_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  size: z.number().int().positive(),
});
export type UploadedMedia = z.infer<typeof UploadedMedia>;

/** Multipart: one part named `file` (the spec's `upload-media`; the body is not JSON, so no body schema). */
export const uploadMedia = defineRoute({
  method: 'POST',
  path: '/api/v1/event/upload-media',
  summary: 'Upload one image (JPEG, PNG or WebP) as multipart field "file"; returns its URL and thumbnail',
  tag: 'Media',
  access: 'organizer',
  response: envelope(UploadedMedia),
});

export const MEDIA_MESSAGES = {
  notImage: 'This file is not a supported image. Upload a JPEG, PNG or WebP picture.',
  tooLarge: (maxBytes: number) =>
    `This image is too large. The limit is ${formatBytes(maxBytes)}; choose a smaller picture.`,
  missing: 'Choose an image file to upload.',
} as const;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Files a supporting document may be: the server checks the bytes, not the name. */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const UploadedDocument = z.object({
  url: MediaUrl,
  mimeType: z.enum(DOCUMENT_MIME_TYPES),
  size: z.number().int().positive(),
  /** The name the file had on the person's device, for showing it back. */
  fileName: z.string(),
});
export type UploadedDocument = z.infer<typeof UploadedDocument>;

/** Multipart: one part named `file`; a PDF, JPEG or PNG up to the media size limit. */
export const uploadDocument = defineRoute({
  method: 'POST',
  path: '/api/v1/user/upload-document',
  summary: 'Upload one supporting document (PDF, JPEG or PNG) as multipart field "file"; returns its URL',
  tag: 'Media',
  access: 'session',
  response: envelope(UploadedDocument),
});

export const DOCUMENT_MESSAGES = {
  notDocument: 'This file is not a PDF, JPEG or PNG. Upload the document as one of those.',
  tooLarge: (maxBytes: number) => `This file is too large. The limit is ${formatBytes(maxBytes)}.`,
  missing: 'Choose a file to upload.',
} as const;
