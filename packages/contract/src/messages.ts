import { z } from 'zod';
import { Id } from './common.js';
import { OutboxChannel } from './outbox.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/**
 * The outgoing messages (docs/operations.md, "Outgoing messages"): every email and SMS a committed
 * change enqueued, for administrators to see what did not go out and send it again.
 */
export const MESSAGE_PATH = '/api/v1/admin/message';

export const OutgoingMessageStatus = z.enum(['PENDING', 'SENT', 'FAILED']);
export type OutgoingMessageStatus = z.infer<typeof OutgoingMessageStatus>;

export const OutgoingMessageFilters = z.object({
  ...pageQuery.pick({ page: true, limit: true }).shape,
  /** Part of the recipient's address or phone number. */
  search: pageQuery.shape.search,
  status: OutgoingMessageStatus.optional(),
  /** The message's kind (`order-confirmation`, `refund-processed` …). */
  kind: z.string().trim().max(80).optional(),
});
export type OutgoingMessageFilters = z.input<typeof OutgoingMessageFilters>;

export const OutgoingMessageItem = z.object({
  _id: Id,
  kind: z.string(),
  channel: OutboxChannel,
  /** Administrators see the address itself (logs mask it). */
  recipient: z.string(),
  /** The related order's code, when the message is about an order that exists. */
  orderCode: z.string().nullable(),
  /** The related event's title, when the message is about an event that exists. */
  eventTitle: z.string().nullable(),
  status: OutgoingMessageStatus,
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type OutgoingMessageItem = z.infer<typeof OutgoingMessageItem>;

export const getOutgoingMessageList = defineRoute({
  method: 'GET',
  path: `${MESSAGE_PATH}/get-outgoing-message-list`,
  summary: 'Outgoing emails and SMS, newest first: search by recipient, filter by status and kind',
  tag: 'Outgoing messages',
  access: 'admin',
  query: OutgoingMessageFilters,
  response: envelope(pageOf(OutgoingMessageItem)),
});

export const RetryOutgoingMessageBody = z.object({
  messageId: z.uuid({ error: 'Choose a message' }),
});
export type RetryOutgoingMessageBody = z.input<typeof RetryOutgoingMessageBody>;

export const OUTGOING_MESSAGE_MESSAGES = {
  /** A retry of a message a delivery worker holds at that moment (it could otherwise go out twice). */
  beingSent:
    "This message is being sent right now, so it can't be retried. Reload in a minute to see how it went.",
} as const;

export const retryOutgoingMessage = defineRoute({
  method: 'POST',
  path: `${MESSAGE_PATH}/retry-outgoing-message`,
  summary:
    'Send a failed or waiting message again now (its attempts start over); a sent one, or one being sent, is 409',
  tag: 'Outgoing messages',
  access: 'admin',
  body: RetryOutgoingMessageBody,
  response: envelope(OutgoingMessageItem),
});
