import type { OutboxChannel } from '@marquee/contract';
import type { DbOrTx } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

export interface OutboxEntry {
  channel: OutboxChannel;
  to: string;
  subject?: string;
  text: string;
  html?: string;
}

/** Stores a message the development outbox shows instead of sending it. */
export async function insertOutboxMessage(db: DbOrTx, entry: OutboxEntry): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: entry.channel,
    to: entry.to,
    subject: entry.subject ?? null,
    text: entry.text,
    html: entry.html ?? null,
  });
}
