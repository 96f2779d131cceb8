import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

export async function listOutbox(
  db: Db,
  options: { page: number; limit: number; channel?: 'EMAIL' | 'SMS' },
) {
  const where = options.channel ? eq(outboxMessages.channel, options.channel) : undefined;
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
  return { items, total: total?.n ?? 0 };
}
