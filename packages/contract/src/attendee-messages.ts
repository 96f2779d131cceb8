import { z } from 'zod';
import { groupDigits } from './constants.js';
import { ORGANIZER_PATH } from './event-basics.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/**
 * Messages to attendees (docs/attendee-messages.md): an event's organizers write to the buyers of its
 * confirmed orders: everyone, one date, some ticket types or chosen orders. Every call names the event
 * and declares `manage` on it (owners, administrators, the event's organizers; anyone else 404).
 */

/** Who a message goes to. */
export const AttendeeAudienceKind = z.enum(['ALL', 'OCCURRENCE', 'TICKET_TYPES', 'ORDERS']);
export type AttendeeAudienceKind = z.infer<typeof AttendeeAudienceKind>;

export const AUDIENCE_LABELS: Record<AttendeeAudienceKind, string> = {
  ALL: 'Everyone with a ticket',
  OCCURRENCE: 'One date',
  TICKET_TYPES: 'Some ticket types',
  ORDERS: 'Chosen orders',
};

/** At most this many ticket types or orders in one audience. */
export const MAX_AUDIENCE_TICKET_TYPES = 50;
export const MAX_AUDIENCE_ORDERS = 500;
export const MAX_MESSAGE_SUBJECT = 150;
export const MAX_MESSAGE_BODY = 10_000;

export const ATTENDEE_MESSAGE_MESSAGES = {
  chooseDate: 'Choose a date',
  chooseTicketTypes: 'Choose at least one ticket type',
  chooseOrders: 'Choose at least one order',
  unknownDate: 'This date is not one of the event’s dates',
  unknownTicketType: 'Choose ticket types of this event',
  noRecipients: 'Nobody matches this audience: no confirmed order has a ticket for it.',
  sent: (n: number) => `Your message is on its way to ${n} ${n === 1 ? 'person' : 'people'}.`,
  testSent: (email: string) => `A test is on its way to ${email}.`,
  tooManySends: (limit: number, minutes: number) =>
    `Your organization has sent ${limit} messages to attendees in this hour, the most allowed. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyRecipients: (limit: number, left: number) =>
    `Your organization may write to at most ${groupDigits(limit)} people a day; ${groupDigits(left)} are left today. Try again tomorrow (UTC) or choose a smaller audience.`,
  audienceTooLarge: (limit: number) =>
    `This audience is larger than the ${groupDigits(limit)} people your organization may write to in a day. Choose a smaller audience.`,
} as const;

const ids = (max: number, what: string) =>
  z.array(z.uuid({ error: `Choose ${what}` })).max(max, `Choose at most ${max} ${what}`);

/** Comma-separated ids in a query string (the count is a read: GET). */
const idList = (max: number) =>
  z
    .string()
    .max(max * 37)
    .regex(/^([0-9a-fA-F-]{36})(,[0-9a-fA-F-]{36})*$/, 'Give ids separated by commas')
    .optional();

type AudienceShape = {
  audience: AttendeeAudienceKind;
  occurrenceId?: string | undefined;
  ticketTypeIds?: readonly string[] | string | undefined;
  bookingIds?: readonly string[] | string | undefined;
};

/** The fields a kind of audience needs, each refused on its own field. */
function checkAudience(value: AudienceShape, ctx: z.RefinementCtx) {
  const empty = (v: AudienceShape['ticketTypeIds']) => !v || v.length === 0;
  if (value.audience === 'OCCURRENCE' && !value.occurrenceId)
    ctx.addIssue({ code: 'custom', path: ['occurrenceId'], message: ATTENDEE_MESSAGE_MESSAGES.chooseDate });
  if (value.audience === 'TICKET_TYPES' && empty(value.ticketTypeIds))
    ctx.addIssue({
      code: 'custom',
      path: ['ticketTypeIds'],
      message: ATTENDEE_MESSAGE_MESSAGES.chooseTicketTypes,
    });
  if (value.audience === 'ORDERS' && empty(value.bookingIds))
    ctx.addIssue({ code: 'custom', path: ['bookingIds'], message: ATTENDEE_MESSAGE_MESSAGES.chooseOrders });
}

const eventId = z.uuid({ error: 'Choose an event' });

/** The audience as the count reads it from a query string. */
export const RecipientCountQuery = z
  .object({
    eventId,
    audience: AttendeeAudienceKind,
    occurrenceId: z.uuid({ error: ATTENDEE_MESSAGE_MESSAGES.chooseDate }).optional(),
    ticketTypeIds: idList(MAX_AUDIENCE_TICKET_TYPES),
    bookingIds: idList(MAX_AUDIENCE_ORDERS),
  })
  .superRefine(checkAudience);
export type RecipientCountQuery = z.input<typeof RecipientCountQuery>;

const content = {
  subject: z
    .string()
    .trim()
    .min(1, 'Enter a subject')
    .max(MAX_MESSAGE_SUBJECT, `At most ${MAX_MESSAGE_SUBJECT} characters`),
  body: z
    .string()
    .trim()
    .min(1, 'Write the message')
    .max(MAX_MESSAGE_BODY, `At most ${groupDigits(MAX_MESSAGE_BODY)} characters`),
};

export const AttendeeMessageContent = z.object({ eventId, ...content });
export type AttendeeMessageContent = z.input<typeof AttendeeMessageContent>;

export const SendAttendeeMessageBody = z
  .object({
    eventId,
    audience: AttendeeAudienceKind,
    occurrenceId: z.uuid({ error: ATTENDEE_MESSAGE_MESSAGES.chooseDate }).optional(),
    ticketTypeIds: ids(MAX_AUDIENCE_TICKET_TYPES, 'ticket types').optional(),
    bookingIds: ids(MAX_AUDIENCE_ORDERS, 'orders').optional(),
    ...content,
  })
  .superRefine(checkAudience);
export type SendAttendeeMessageBody = z.input<typeof SendAttendeeMessageBody>;

export const RecipientCount = z.object({
  /** Distinct email addresses the audience reaches now. */
  recipients: z.number().int().nonnegative(),
});

export const AttendeeMessagePreview = z.object({
  subject: z.string(),
  /** The email's HTML exactly as recipients get it (the organizer's text escaped). */
  html: z.string(),
  text: z.string(),
});
export type AttendeeMessagePreview = z.infer<typeof AttendeeMessagePreview>;

export const AttendeeMessageTestSent = z.object({ to: z.string(), queuedAt: z.string() });

export const AttendeeMessageSummary = z.object({
  _id: z.uuid(),
  subject: z.string(),
  audience: z.object({ kind: AttendeeAudienceKind, label: z.string() }),
  sender: z.object({ name: z.string(), email: z.string().nullable() }),
  recipients: z.number().int().nonnegative(),
  /** From the outgoing messages' states: sent, given up, still being tried. */
  delivered: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type AttendeeMessageSummary = z.infer<typeof AttendeeMessageSummary>;

export const AttendeeMessageDetail = AttendeeMessageSummary.extend({ body: z.string() });
export type AttendeeMessageDetail = z.infer<typeof AttendeeMessageDetail>;

const manage = { event: 'manage', from: 'body.eventId' } as const;
const TAG = 'Messages to attendees';

export const attendeeMessageRecipientCount = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/attendee-message-recipient-count`,
  summary: 'How many distinct email addresses an audience of the event reaches (buyers of confirmed orders)',
  tag: TAG,
  access: { event: 'manage', from: 'query.eventId' },
  query: RecipientCountQuery,
  response: envelope(RecipientCount),
});

export const previewAttendeeMessage = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/preview-attendee-message`,
  summary: 'The email a message to attendees becomes, rendered; nothing is sent or kept',
  tag: TAG,
  access: manage,
  body: AttendeeMessageContent,
  response: envelope(AttendeeMessagePreview),
});

export const sendAttendeeMessageTest = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/send-attendee-message-test`,
  summary: "A message to attendees sent to the caller's own email address only, through the outbox",
  tag: TAG,
  access: manage,
  body: AttendeeMessageContent,
  response: envelope(AttendeeMessageTestSent),
});

export const sendAttendeeMessage = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/send-attendee-message`,
  summary:
    'Write to the attendees of an event (one email per address, through the outbox); idempotency-key required; per-organization limits answer 429',
  tag: TAG,
  access: manage,
  body: SendAttendeeMessageBody,
  response: envelope(AttendeeMessageSummary),
});

export const attendeeMessageList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/attendee-message-list`,
  summary: 'Messages sent to the attendees of an event, newest first, with delivery counts',
  tag: TAG,
  access: { event: 'manage', from: 'query.eventId' },
  query: z.object({ ...pageQuery.pick({ page: true, limit: true }).shape, eventId }),
  response: envelope(pageOf(AttendeeMessageSummary)),
});

export const attendeeMessageDetail = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/attendee-message-detail`,
  summary: 'One message sent to the attendees of an event, with its text',
  tag: TAG,
  access: { event: 'manage', from: 'query.eventId' },
  query: z.object({ eventId, messageId: z.uuid({ error: 'Choose a message' }) }),
  response: envelope(AttendeeMessageDetail),
});
