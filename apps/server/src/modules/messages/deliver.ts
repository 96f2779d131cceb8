import type { Email, Mailer } from '../../adapters/mailer/mailer.js';
import type { SmsMessage, SmsSender } from '../../adapters/sms/sms.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { maskRecipient } from '../../lib/mask-recipient.js';
import type { Metrics } from '../../ports.js';
import { claimDueMessages, markAttemptFailed, markSent, type OutgoingMessageRow } from './repo.js';

/** Turns a stored message into what is sent; runs in the worker (QR images, attachments). */
export type MessageRenderer = (message: OutgoingMessageRow) => Promise<Email | SmsMessage>;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeliveryDeps {
  db: DbOrTx;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  log: Logger;
  renderers: ReadonlyMap<string, MessageRenderer>;
  /** Each attempt's outcome, for the operator (ports.metrics); none in tests that race workers. */
  metrics?: Pick<Metrics, 'messageDelivery'>;
}

/** 30 s, doubling, at most an hour apart: 30 attempts span about 24 hours before a message is FAILED. */
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_RETRY_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 30;
/** A message taken by a worker is not taken again for this long (longer than any send may take). */
export const LEASE_MS = 15 * 60_000;
const BATCH = 20;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** The order code (or the related id) a log line names instead of the recipient. */
function relatedTo(message: OutgoingMessageRow) {
  const code = message.data.orderCode;
  return typeof code === 'string'
    ? { orderCode: code }
    : { orderId: message.orderId, eventId: message.eventId, organizationId: message.organizationId };
}

/** A message with no renderer of its own carries its content (`data.content`, rendered when enqueued). */
function storedContent(message: OutgoingMessageRow): Email | SmsMessage {
  const content = (message.secrets?.content ?? message.data.content) as unknown;
  if (!content) throw new Error(`no renderer for messages of kind ${message.kind}`);
  const parsed = (typeof content === 'string' ? JSON.parse(content) : content) as Omit<Email, 'to'>;
  return { ...parsed, to: message.recipient };
}

async function sendOne(deps: DeliveryDeps, message: OutgoingMessageRow) {
  const render = deps.renderers.get(message.kind);
  const rendered = render ? await render(message) : storedContent(message);
  if (message.channel === 'EMAIL') await deps.mailer.send(rendered as Email);
  else await deps.sms.send(rendered as SmsMessage);
}

/**
 * One delivery run: takes the due messages in batches, renders and sends each, and records the outcome
 * (SENT; or the error and the next attempt; or FAILED after the last). Safe with any number of
 * workers in any number of processes (claimDueMessages). Returns how many were sent.
 */
export async function deliverDueMessages(deps: DeliveryDeps): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await claimDueMessages(deps.db, deps.clock.now(), LEASE_MS, BATCH);
    if (claimed.length === 0) return { sent, failed };
    // RETURNING keeps no order: sent in the order they were enqueued.
    const batch = claimed.sort((a, b) => a.seq - b.seq);
    for (const message of batch) {
      const about = { message: { id: message.id, kind: message.kind, to: maskRecipient(message.recipient) } };
      try {
        await sendOne(deps, message);
        await markSent(deps.db, message.id, deps.clock.now());
        sent += 1;
        deps.metrics?.messageDelivery('sent');
        deps.log.info({ ...about, ...relatedTo(message) }, `${message.kind} ${message.channel} sent`);
      } catch (error) {
        failed += 1;
        const reason = error instanceof Error ? error.message : String(error);
        const last = message.attempts >= MAX_ATTEMPTS;
        const retryAt = last ? null : new Date(deps.clock.now().getTime() + retryDelayMs(message.attempts));
        await markAttemptFailed(deps.db, message.id, reason.slice(0, 1000), retryAt);
        deps.metrics?.messageDelivery(last ? 'failed' : 'retry');
        const log = { ...about, ...relatedTo(message), attempts: message.attempts, err: reason };
        if (last)
          deps.log.error(
            log,
            `${message.kind} ${message.channel} given up after ${message.attempts} attempts`,
          );
        else
          deps.log.warn(
            { ...log, retryAt },
            `${message.kind} ${message.channel} not sent; tried again later`,
          );
      }
    }
  }
}
