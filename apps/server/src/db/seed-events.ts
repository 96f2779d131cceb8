import { and, count, eq, inArray } from 'drizzle-orm';
import type { MediaStorage } from '../adapters/media-storage/index.js';
import { claimSlug } from '../modules/events/index.js';
import { createMediaService } from '../modules/media/index.js';
import type { DbOrTx } from './client.js';
import {
  categories,
  classTypes,
  eventOccurrences,
  events,
  eventTags,
  eventTeam,
  eventTicketTypes,
  organizationMembers,
  organizations,
  promoCodes,
  reasons,
  subcategories,
  tags,
  ticketInventory,
  users,
} from './schema/index.js';
import { demoImage } from './seed-catalog.js';
import { type DemoEvent, jazzClubEvents, theatreEvents } from './seed-events-data.js';
import { DEMO_MEMBER } from './seed-organizations.js';

/** The demo organizations and what each runs; names as seed-organizations.ts creates them. */
export const DEMO_EVENT_PLANS = [
  { organization: 'Riverside Jazz Club', events: jazzClubEvents },
  { organization: 'Old Town Theatre Company', events: theatreEvents },
] as const;

const DAY_MS = 86_400_000;

export interface Lookups {
  organizerId: string;
  categories: Map<string, string>;
  subcategories: Map<string, string>;
  tags: Map<string, string>;
  classTypes: Map<string, { id: string; bookingMode: 'COURSE' | 'DROP_IN' }>;
  /** `${kind}:${text}` → id */
  reasons: Map<string, string>;
  image(color: string): Promise<string | null>;
}

const byName = <T extends { name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name, r]));

/**
 * Demo events for the demo organizations, inserted row by row as the event services would leave them
 * (inventory one row per ticket type and date, or per ticket type for a course). An organization that
 * already has events is left alone, so a second start adds nothing. Returns how many events were added.
 */
export async function seedEvents(
  db: DbOrTx,
  options: { media?: MediaStorage; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const organizer = await db.query.users.findFirst({ where: eq(users.email, 'organizer@example.com') });
  if (!organizer) return 0;
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(
      and(
        eq(organizations.ownerId, organizer.id),
        inArray(
          organizations.name,
          DEMO_EVENT_PLANS.map((p) => p.organization),
        ),
      ),
    );
  const todo: { organizationId: string; events: DemoEvent[] }[] = [];
  for (const plan of DEMO_EVENT_PLANS) {
    const org = orgs.find((o) => o.name === plan.organization);
    if (!org) continue;
    const [existing] = await db.select({ n: count() }).from(events).where(eq(events.organizationId, org.id));
    if ((existing?.n ?? 0) === 0) todo.push({ organizationId: org.id, events: plan.events(now) });
  }
  if (todo.length === 0) return 0;

  const lookups = await loadLookups(db, organizer.id, options.media);
  let added = 0;
  for (const { organizationId, events: planned } of todo) {
    const memberId = await activeDemoMembership(db, organizationId);
    for (const event of planned) {
      await insertEvent(db, organizationId, event, lookups, now, memberId);
      added += 1;
    }
  }
  return added;
}

export async function loadLookups(db: DbOrTx, organizerId: string, storage?: MediaStorage): Promise<Lookups> {
  const media = storage ? createMediaService({ storage }) : undefined;
  // One after another: a transaction is one connection, which runs one query at a time.
  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const subRows = await db.select({ id: subcategories.id, name: subcategories.name }).from(subcategories);
  const tagRows = await db.select({ id: tags.id, name: tags.name }).from(tags);
  const classRows = await db.select().from(classTypes);
  const reasonRows = await db.select().from(reasons);
  return {
    organizerId,
    categories: new Map(categoryRows.map((r) => [r.name, r.id])),
    subcategories: new Map(subRows.map((r) => [r.name, r.id])),
    tags: new Map(tagRows.map((r) => [r.name, r.id])),
    classTypes: byName(classRows),
    reasons: new Map(reasonRows.map((r) => [`${r.kind}:${r.text}`, r.id])),
    image: async (color) => (media ? (await media.storeImage(await demoImage(color, 1200, 630))).url : null),
  };
}

/** The demo member's ACTIVE membership in this organization, the row event_team points at. */
async function activeDemoMembership(db: DbOrTx, organizationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.email, DEMO_MEMBER.email),
        eq(organizationMembers.status, 'ACTIVE'),
      ),
    );
  return row?.id;
}

/** One demo event with its dates, ticket types and inventory (also used by seed-approvals.ts). */
export async function insertEvent(
  db: DbOrTx,
  organizationId: string,
  e: DemoEvent,
  lookups: Lookups,
  now: Date,
  memberId: string | undefined,
): Promise<void> {
  const classType = e.classType ? lookups.classTypes.get(e.classType.name) : undefined;
  const bookingMode = e.kind === 'CLASS' ? (classType?.bookingMode ?? e.classType?.bookingMode) : undefined;
  const starts = e.sessions.map((s) => s.startsAt.getTime());
  const ends = e.sessions.map((s) => s.endsAt.getTime());
  const startsAt = starts.length > 0 ? new Date(Math.min(...starts)) : null;
  const endsAt = ends.length > 0 ? new Date(Math.max(...ends)) : null;
  // Published a week before now, or three weeks before a past event began.
  const weekAgo = now.getTime() - 7 * DAY_MS;
  const publishedAt =
    e.status === 'DRAFT' ? null : new Date(Math.min(weekAgo, (startsAt?.getTime() ?? weekAgo) - 21 * DAY_MS));
  const visibility = e.visibility ?? 'PUBLIC';
  const location = e.location;
  const image = e.imageColor ? await lookups.image(e.imageColor) : null;

  const [row] = await db
    .insert(events)
    .values({
      organizationId,
      kind: e.kind,
      title: e.title,
      description: e.description,
      categoryId: e.category ? (lookups.categories.get(e.category) ?? null) : null,
      subcategoryId: e.subcategory ? (lookups.subcategories.get(e.subcategory) ?? null) : null,
      classTypeId: classType?.id ?? null,
      classBookingMode: bookingMode ?? null,
      images: image ? [image] : [],
      locationType: location?.type ?? null,
      venueName: location?.type === 'VENUE' ? location.venueName : null,
      address: location?.type === 'VENUE' ? location.address : null,
      latitude: location?.type === 'VENUE' ? location.latitude : null,
      longitude: location?.type === 'VENUE' ? location.longitude : null,
      onlineUrl: location?.type === 'ONLINE' ? location.onlineUrl : null,
      timeZone: e.timeZone ?? null,
      visibility,
      status: e.status,
      isBlocked: e.isBlocked ?? false,
      isVerified: e.isVerified ?? false,
      isReported: e.reportedFor !== undefined,
      reportReasonId: e.reportedFor ? (lookups.reasons.get(`EVENT_REPORT:${e.reportedFor}`) ?? null) : null,
      schedule: e.schedule ?? null,
      startsAt,
      endsAt,
      publishedAt,
      cancelledAt: e.cancel ? new Date(now.getTime() - 2 * DAY_MS) : null,
      cancelReasonId: e.cancel ? cancelReason(lookups, e.cancel.reason) : null,
      cancelNote: e.cancel?.note ?? null,
      createdBy: lookups.organizerId,
      createdAt: publishedAt ?? now,
      updatedAt: now,
    })
    .returning({ id: events.id });
  if (!row) throw new Error(`demo event not created: ${e.title}`);
  const eventId = row.id;
  // A published event has its public address, as a publish gives it (`/e/<slug>`).
  if (e.status !== 'DRAFT') await claimSlug(db, eventId, e.title);

  const tagIds = (e.tags ?? []).flatMap((name) => lookups.tags.get(name) ?? []);
  if (tagIds.length > 0) await db.insert(eventTags).values(tagIds.map((tagId) => ({ eventId, tagId })));

  const occurrences =
    e.sessions.length === 0
      ? []
      : await db
          .insert(eventOccurrences)
          .values(
            e.sessions.map((s) => ({
              eventId,
              startsAt: s.startsAt,
              endsAt: s.endsAt,
              visibility,
              capacity: s.capacity ?? null,
            })),
          )
          .returning({ id: eventOccurrences.id });

  const ticketTypes =
    e.ticketTypes.length === 0
      ? []
      : await db
          .insert(eventTicketTypes)
          .values(
            e.ticketTypes.map((t, position) => ({
              eventId,
              pricing: t.pricing,
              name: t.name,
              description: t.description ?? '',
              price: t.price,
              quantity: t.quantity,
              maxPerOrder: t.maxPerOrder ?? null,
              position,
            })),
          )
          .returning({ id: eventTicketTypes.id, quantity: eventTicketTypes.quantity });

  // A course is sold once for all its sessions; everything else per ticket type and date.
  const inventory = ticketTypes.flatMap((t): (typeof ticketInventory.$inferInsert)[] =>
    bookingMode === 'COURSE'
      ? [{ eventId, ticketTypeId: t.id, occurrenceId: null, capacity: t.quantity }]
      : occurrences.map((o) => ({ eventId, ticketTypeId: t.id, occurrenceId: o.id, capacity: t.quantity })),
  );
  if (inventory.length > 0) await db.insert(ticketInventory).values(inventory);

  if (e.promoCodes?.length) {
    await db
      .insert(promoCodes)
      .values(e.promoCodes.map((p) => ({ ...p, eventId, organizationId, maxUses: p.maxUses ?? null })));
  }

  if (e.memberRole && memberId) {
    await db
      .insert(eventTeam)
      .values({ eventId, memberId, role: e.memberRole, assignedBy: lookups.organizerId });
  }
}

/** The named cancellation reason, or the first one when an administrator renamed it. */
function cancelReason(lookups: Lookups, text: string): string | null {
  const named = lookups.reasons.get(`EVENT_CANCEL:${text}`);
  if (named) return named;
  for (const [key, id] of lookups.reasons) if (key.startsWith('EVENT_CANCEL:')) return id;
  return null;
}
