import { z } from 'zod';
import { pageQuery } from './route.js';

export const CatalogStatus = z.enum(['ACTIVE', 'INACTIVE'], { error: 'Status is ACTIVE or INACTIVE' });
export type CatalogStatus = z.infer<typeof CatalogStatus>;

/** A catalog name: trimmed, 2 to 60 characters. Unique per level regardless of case. */
export const CatalogName = (what: string) =>
  z
    .string({ error: `Enter the ${what} name` })
    .trim()
    .min(2, `The ${what} name needs at least 2 characters`)
    .max(60, `The ${what} name can have at most 60 characters`);

export const DisplayOrder = z.coerce
  .number({ error: 'Order is a whole number' })
  .int('Order is a whole number')
  .min(0, 'Order is 0 or more')
  .max(100000, 'Order is at most 100000');

export const RequestStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type RequestStatus = z.infer<typeof RequestStatus>;

export const RequestKind = z.enum(['CATEGORY', 'SUBCATEGORY', 'TAG']);
export type RequestKind = z.infer<typeof RequestKind>;

export const RequestNote = z
  .string()
  .trim()
  .max(500, 'The note can have at most 500 characters')
  .optional()
  .describe('Why the organizer needs it');

/** An organizer's request for a new category, subcategory or tag. */
export const CatalogRequest = z.object({
  _id: z.uuid(),
  kind: RequestKind,
  name: z.string(),
  note: z.string().nullable(),
  categoryIds: z.array(z.uuid()),
  status: RequestStatus,
  rejectionReason: z.string().nullable(),
  requestedBy: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** The category, subcategory or tag an approval created. */
  createdItemId: z.uuid().nullable(),
});
export type CatalogRequest = z.infer<typeof CatalogRequest>;

export const ReviewRequestBody = z
  .object({
    requestId: z.uuid({ error: 'Choose a request' }),
    status: z.enum(['APPROVED', 'REJECTED'], { error: 'Approve or reject the request' }),
    reason: z.string().trim().max(500, 'The reason can have at most 500 characters').optional(),
    /** Subcategory approvals: the categories it joins (default: those the organizer asked for). */
    categoryIds: z.array(z.uuid()).max(50).optional(),
  })
  .refine((v) => v.status !== 'REJECTED' || (v.reason && v.reason.length > 0), {
    path: ['reason'],
    message: 'Give a reason for rejecting the request',
  });
export type ReviewRequestBody = z.infer<typeof ReviewRequestBody>;

export const RequestListQuery = pageQuery.extend({ status: RequestStatus.optional() });
