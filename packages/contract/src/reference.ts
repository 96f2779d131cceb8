import { z } from 'zod';
import { defineRoute, envelope } from './route.js';

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
  access: 'session',
  query: z.object({ kind: ReasonKind }),
  response: envelope(z.array(Reason)),
});

export const getClassType = defineRoute({
  method: 'GET',
  path: `${P}/get-class-type`,
  summary: 'Class types offered for class events',
  tag: 'Common',
  access: 'session',
  response: envelope(z.array(ReferenceItem)),
});

export const getTicketType = defineRoute({
  method: 'GET',
  path: `${P}/get-ticket-type`,
  summary: 'Ticket types offered for events',
  tag: 'Common',
  access: 'session',
  response: envelope(z.array(ReferenceItem)),
});
