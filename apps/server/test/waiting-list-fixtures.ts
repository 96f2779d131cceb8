import type * as c from '@marquee/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { outgoingMessages } from '../src/db/schema/index.js';
import { OFFER_EMAIL } from '../src/modules/waiting-list/index.js';
import { book, guest } from './checkout-fixtures.js';
import type { TestApp } from './helpers.js';

/** A paid booking of `quantity` seats, held (its id and token cancel it). */
export async function holdSeats(t: TestApp, eventId: string, ticketTypeId: string, quantity = 1) {
  const answer = await book(t, { eventId, lines: [{ ticketTypeId, quantity }], buyer: guest });
  if (answer.status !== 200) throw new Error(`booking failed: ${answer.status}`);
  return { bookingId: answer.body.result._id, token: answer.body.result.accessToken };
}

/** The link token of the newest offer email to an entry, read from the outbox as the delivery would. */
export async function offerTokenOf(t: TestApp, entryId: string): Promise<string | null> {
  const [mine] = await t.db
    .select()
    .from(outgoingMessages)
    .where(
      and(eq(outgoingMessages.kind, OFFER_EMAIL), sql`${outgoingMessages.data}->>'entryId' = ${entryId}`),
    )
    .orderBy(desc(outgoingMessages.seq))
    .limit(1);
  if (!mine) return null;
  const content = JSON.parse(mine.secrets?.content ?? '{}') as { text?: string };
  return /token=([A-Za-z0-9_-]+)/.exec(content.text ?? '')?.[1] ?? null;
}

export function joinBody(
  eventId: string,
  ticketTypeId: string,
  n: number,
  quantity = 1,
): c.JoinWaitingListBody {
  return { eventId, ticketTypeId, name: `Waiting ${n}`, email: `wait${n}@example.test`, quantity };
}
