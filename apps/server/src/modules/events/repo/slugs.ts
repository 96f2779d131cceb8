import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { eventSlugs, events } from '../../../db/schema/index.js';
import { slugBase, slugCandidate } from '../event-slug.js';

/** More tries than this means something other than a race is wrong (PostgreSQL's answer is final). */
const MAX_ROUNDS = 20;

/** The suffixes of `base` already taken, by any event, now or in the past. */
async function takenSuffixes(db: DbOrTx, base: string): Promise<Set<number>> {
  const pattern = `^${base}-([0-9]+)$`;
  const rows = await db
    .select({ slug: eventSlugs.slug })
    .from(eventSlugs)
    .where(or(eq(eventSlugs.slug, base), sql`${eventSlugs.slug} ~ ${pattern}`));
  const current = await db
    .select({ slug: events.slug })
    .from(events)
    .where(or(eq(events.slug, base), sql`${events.slug} ~ ${pattern}`));
  const taken = new Set<number>();
  for (const { slug } of [...rows, ...current]) {
    if (slug === base) taken.add(1);
    else if (slug) taken.add(Number(slug.slice(base.length + 1)));
  }
  return taken;
}

/**
 * Gives the event the slug of `title` (its base, or the base with the first free suffix) and makes it
 * the current one; returns it. Decided by PostgreSQL: the slug is inserted into `event_slugs` (its primary
 * key) with ON CONFLICT, which waits for a concurrent insert of the same slug to commit and then reports
 * it taken, so two publishes of one title never share a slug; the loser tries the next suffix. A slug the
 * event itself had before (a title changed back) is taken back rather than skipped.
 */
export async function claimSlug(db: DbOrTx, eventId: string, title: string): Promise<string> {
  const base = slugBase(title);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const taken = await takenSuffixes(db, base);
    // Its own old slug of this base comes first.
    const [own] = await db
      .select({ slug: eventSlugs.slug })
      .from(eventSlugs)
      .where(
        and(
          eq(eventSlugs.eventId, eventId),
          or(eq(eventSlugs.slug, base), sql`${eventSlugs.slug} ~ ${`^${base}-([0-9]+)$`}`),
        ),
      )
      .limit(1);
    let n = 1;
    while (taken.has(n)) n += 1;
    const candidate = own?.slug ?? slugCandidate(base, n);
    const [claimed] = await db
      .insert(eventSlugs)
      .values({ slug: candidate, eventId })
      .onConflictDoUpdate({
        target: eventSlugs.slug,
        // Only its own slug is taken back; another event's stays where it is (no row comes back).
        set: { eventId: sql`excluded.event_id` },
        setWhere: eq(eventSlugs.eventId, sql`excluded.event_id`),
      })
      .returning({ slug: eventSlugs.slug });
    if (claimed) {
      await db.update(events).set({ slug: claimed.slug }).where(eq(events.id, eventId));
      return claimed.slug;
    }
  }
  throw new Error(`no free slug for "${base}" after ${MAX_ROUNDS} rounds`);
}
