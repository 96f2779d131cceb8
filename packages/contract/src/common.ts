import { z } from 'zod';

export * from './constants.js';

/** Every entity carries its id as `_id`, a UUID string. */
export const Id = z.uuid();
export type Id = z.infer<typeof Id>;

export const ApiErrorItem = z.object({ field: z.string(), message: z.string() });
export const ApiError = z.object({
  message: z.string(),
  errors: z.array(ApiErrorItem).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export const Platform = z.enum(['WEB', 'IOS', 'ANDROID']);
export type Platform = z.infer<typeof Platform>;

export const Visibility = z.enum(['BEFORE_LOGIN', 'AFTER_LOGIN', 'BOTH']);
export type Visibility = z.infer<typeof Visibility>;
