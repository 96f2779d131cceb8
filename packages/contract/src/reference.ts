import { z } from 'zod';
import { CatalogStatus, DisplayOrder } from './catalog-common.js';
import { ClassBookingMode, TicketPricing } from './event-basics.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

const P = '/api/v1/common';

export const ReasonKind = z.enum(['REFUND_REQUEST', 'REFUND_DECLINE', 'EVENT_REPORT', 'EVENT_CANCEL'], {
  error: 'Kind is REFUND_REQUEST, REFUND_DECLINE, EVENT_REPORT or EVENT_CANCEL',
});
export type ReasonKind = z.infer<typeof ReasonKind>;

export const Reason = z.object({
  _id: z.uuid(),
  kind: ReasonKind,
  text: z.string(),
  order: z.number().int(),
});
export type Reason = z.infer<typeof Reason>;

export const ReferenceItem = z.object({ _id: z.uuid(), name: z.string(), order: z.number().int() });

export const getReasonList = defineRoute({
  method: 'GET',
  path: `${P}/get-reason-list`,
  summary: 'Reasons of one kind (refund request, refund decline, event report, event cancel)',
  tag: 'Common',
  access: 'console',
  query: z.object({ kind: ReasonKind }),
  response: envelope(z.array(Reason)),
});

export const getClassType = defineRoute({
  method: 'GET',
  path: `${P}/get-class-type`,
  summary: 'Class types offered for class events',
  tag: 'Common',
  access: 'console',
  response: envelope(z.array(ReferenceItem.extend({ bookingMode: ClassBookingMode }))),
});

export const getTicketType = defineRoute({
  method: 'GET',
  path: `${P}/get-ticket-type`,
  summary: 'Ticket types offered for events',
  tag: 'Common',
  access: 'console',
  response: envelope(z.array(ReferenceItem.extend({ pricing: TicketPricing }))),
});

// ---------- Reasons management (administrators; names chosen here) ----------

export const REASON_KIND_LABELS: Record<ReasonKind, string> = {
  REFUND_REQUEST: 'Refund request',
  REFUND_DECLINE: 'Refund decline',
  EVENT_REPORT: 'Event report',
  EVENT_CANCEL: 'Event cancel',
};

/** A reason as administrators see it, inactive ones included. */
export const AdminReason = Reason.extend({ status: CatalogStatus });
export type AdminReason = z.infer<typeof AdminReason>;

const ReasonText = z
  .string({ error: 'Enter the reason' })
  .trim()
  .min(2, 'The reason needs at least 2 characters')
  .max(200, 'The reason can have at most 200 characters');

const ReasonId = z.uuid({ error: 'Choose a reason' });

export const ReasonBody = z.object({
  kind: ReasonKind,
  text: ReasonText,
  status: CatalogStatus.default('ACTIVE'),
  order: DisplayOrder.default(0),
});
export type ReasonBody = z.input<typeof ReasonBody>;

export const UpdateReasonBody = z.object({
  reasonId: ReasonId,
  text: ReasonText,
  status: CatalogStatus,
  order: DisplayOrder,
});
export type UpdateReasonBody = z.input<typeof UpdateReasonBody>;

export const reasonListWithPagination = defineRoute({
  method: 'GET',
  path: `${P}/reason-list-with-pagination`,
  summary: 'Every reason, paginated; filter by kind and status; search the text; sort by order, text, kind',
  tag: 'Common',
  access: 'admin',
  query: pageQuery.extend({ kind: ReasonKind.optional(), status: CatalogStatus.optional() }),
  response: envelope(pageOf(AdminReason)),
});

export const createReason = defineRoute({
  method: 'POST',
  path: `${P}/create-reason`,
  summary: 'Add a reason (text unique per kind regardless of case)',
  tag: 'Common',
  access: 'admin',
  body: ReasonBody,
  response: envelope(AdminReason),
});

export const updateReason = defineRoute({
  method: 'PUT',
  path: `${P}/update-reason`,
  summary: 'Edit a reason: text, status, order (its kind stays)',
  tag: 'Common',
  access: 'admin',
  body: UpdateReasonBody,
  response: envelope(AdminReason),
});

export const deleteReason = defineRoute({
  method: 'DELETE',
  path: `${P}/delete-reason`,
  summary: 'Delete a reason (nothing refers to reasons yet)',
  tag: 'Common',
  access: 'admin',
  body: z.object({ reasonId: ReasonId }),
  response: envelope(z.null()),
});
