import type { DbOrTx } from '../../db/client.js';
import { insertOutboxMessage, type OutboxEntry } from './outbox.repo.js';

export type { OutboxEntry } from './outbox.repo.js';

/** The part of a logger the adapters use (pino's and Fastify's fit). */
export interface InfoLogger {
  info(obj: object, msg: string): void;
}

/**
 * The development outbox: what would have been sent is stored (the console shows it at /dev-outbox to
 * administrators of a demo server) and logged at info, so codes and links can be read without a provider.
 */
export async function recordInOutbox(db: DbOrTx, log: InfoLogger, entry: OutboxEntry): Promise<void> {
  await insertOutboxMessage(db, entry);
  log.info(
    { outbox: { channel: entry.channel, to: entry.to, subject: entry.subject } },
    `dev outbox ${entry.channel} to ${entry.to}${entry.subject ? ` "${entry.subject}"` : ''}:\n${entry.text}`,
  );
}
