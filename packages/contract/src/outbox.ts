import { z } from 'zod';
import { Id } from './common.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

export const OutboxChannel = z.enum(['EMAIL', 'SMS']);
export type OutboxChannel = z.infer<typeof OutboxChannel>;

/** A message the development outbox captured instead of sending. */
export const OutboxMessage = z.object({
  _id: Id,
  channel: OutboxChannel,
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/**
 * Administrators only, and only on a server running with demo data: in production the call is not
 * registered at all (404).
 */
export const devOutboxList = defineRoute({
  method: 'GET',
  path: '/api/v1/dev/outbox-list',
  summary: 'Emails and SMS captured by the development outbox (demo servers only)',
  tag: 'Development',
  access: 'admin',
  refusal: { status: 404, message: 'This page was not found.' },
  query: pageQuery.extend({ channel: OutboxChannel.optional() }),
  response: envelope(pageOf(OutboxMessage)),
});
