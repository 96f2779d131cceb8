import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { outboxMessages } from '../../../db/schema/index.js';

/** The development outbox's messages, newest first, as the message viewer shows them. */
export async function outboxPage(
  db: Db,
  options: { page: number; limit: number; channel?: 'EMAIL' | 'SMS' },
) {
  const where = options.channel ? eq(outboxMessages.channel, options.channel) : undefined;
  // On the pool (a Db, never a transaction): the page and its count run at once.
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: count() }).from(outboxMessages).where(where),
  ]);
  return {
    items: items.map((m) => ({
      _id: m.id,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      createdAt: m.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: options.page,
    limit: options.limit,
  };
}
