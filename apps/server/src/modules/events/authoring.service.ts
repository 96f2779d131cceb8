import {
  type DraftInput,
  type DropDownValues,
  DUPLICATE_TITLE_MESSAGE,
  EventInput,
  type EventKind,
  MESSAGES,
  type UpdateEventInput,
} from '@marquee/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Who } from '../../db/audit.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import {
  categories,
  classTypes,
  type EventRow,
  eventOccurrences,
  events,
  eventTags,
  eventTicketTypes,
  nonProfitExemptions,
  type OrganizationRow,
  organizationMembers,
  organizations,
  subcategories,
  subcategoryCategories,
  tags,
  ticketTypes,
} from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { type EventGrant, requireEvent } from '../../lib/access/event-access.query.js';
import type { Actor } from '../../lib/access/index.js';
import { organizationScope, requireOrganization } from '../../lib/access/tenancy.query.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { checkEvent, type EventValues, type FieldError, type RuleContext } from './authoring-rules.js';
import { loadEventDetail } from './event-detail.js';
import { currentGrant, eventHeader } from './event-header.js';
import { refreshEventTimes, syncInventory, writeEvent } from './event-writer.js';
import { type FeeRate, quoteFees } from './fees.js';
import { timeZoneAt } from './time-zone.js';

type PublishInput = z.output<typeof EventInput>;
type UpdateInput = z.output<typeof UpdateEventInput>;
type DraftValues = z.output<typeof DraftInput>;

export interface AuthoringConfig {
  imageLimit: number;
  serviceFee: FeeRate;
}

const AUDIT_ENTITY = 'EVENT';
const KIND_NAMES: Record<EventKind, string> = {
  SINGLE: 'single event',
  MULTI: 'multi event',
  CLASS: 'class',
};
export const AUTHORING_MESSAGES = {
  wrongKind: (kind: EventKind) => {
    const name = KIND_NAMES[kind];
    return `This is a ${name}; edit it as a ${name}.`;
  },
  notDraft: 'This event is already published; edit it instead of saving a draft.',
  alreadyPublished: 'This event is already published.',
  otherOrganization: 'An event cannot move to another organization',
  correctFields: 'Please correct the highlighted fields.',
  zoneNotFound: 'The time zone of this place could not be found; choose it.',
} as const;

function refuse(errors: FieldError[]): AppError {
  return badRequest(
    errors.length === 1 ? (errors[0]?.message ?? '') : AUTHORING_MESSAGES.correctFields,
    errors,
  );
}

/** The same key as the generated `events.title_key`: case and runs of white space ignored. */
const titleKeyOf = (title: string) => sql`lower(regexp_replace(btrim(${title}), '\\s+', ' ', 'g'))`;

const titleKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

async function findSameTitle(db: DbOrTx, organizationId: string, title: string, exceptId?: string) {
  const [row] = await db
    .select({ _id: events.id, name: events.title })
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        sql`${events.titleKey} = ${titleKeyOf(title)}`,
        exceptId ? ne(events.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(1);
  return row ?? null;
}

async function refuseDuplicateTitle(db: DbOrTx, organizationId: string, title: string, exceptId?: string) {
  if (await findSameTitle(db, organizationId, title, exceptId)) {
    throw new AppError(409, DUPLICATE_TITLE_MESSAGE, [{ field: 'title', message: DUPLICATE_TITLE_MESSAGE }]);
  }
}

/**
 * `/e/<slug>`: the title in kebab case (other than a-z and 0-9 becomes a dash; at most 80 characters) and 8 characters of
 * the id, so two events of one title never share one. Built in SQL from the row being published.
 */
const slugSql = sql`concat_ws('-', nullif(trim(both '-' from left(regexp_replace(lower(${events.title}), '[^a-z0-9]+', '-', 'g'), 80)), ''), left(replace(${events.id}::text, '-', ''), 8))`;

/** What is stored of an event, in the shape of `EventInput` (a draft published is checked as input). */
async function storedInput(db: DbOrTx, event: EventRow) {
  const occurrences = await db
    .select()
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, event.id))
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  const tickets = await db
    .select()
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, event.id))
    .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
  const tagRows = await db
    .select({ id: eventTags.tagId })
    .from(eventTags)
    .where(eq(eventTags.eventId, event.id))
    .orderBy(asc(eventTags.tagId));
  const location =
    event.locationType === 'VENUE'
      ? {
          type: 'VENUE',
          venueName: event.venueName,
          address: event.address,
          latitude: event.latitude,
          longitude: event.longitude,
          timeZone: event.timeZone,
        }
      : event.locationType === 'ONLINE'
        ? { type: 'ONLINE', onlineUrl: event.onlineUrl, timeZone: event.timeZone }
        : undefined;
  return {
    organizationId: event.organizationId,
    title: event.title,
    description: event.description,
    categoryId: event.categoryId ?? undefined,
    subcategoryId: event.subcategoryId,
    tagIds: tagRows.map((t) => t.id),
    images: event.images,
    classTypeId: event.classTypeId,
    location,
    visibility: event.visibility,
    attendeeNames: event.attendeeNames,
    occurrences: occurrences.map((o) => ({
      _id: o.id,
      startsAt: o.startsAt.toISOString(),
      endsAt: o.endsAt.toISOString(),
      visibility: o.visibility,
      capacity: o.capacity,
    })),
    schedule: event.schedule,
    ticketTypes: tickets.map((t) => ({
      _id: t.id,
      pricing: t.pricing,
      name: t.name,
      description: t.description,
      price: t.price,
      quantity: t.quantity,
      saleStartsAt: t.saleStartsAt?.toISOString() ?? null,
      saleEndsAt: t.saleEndsAt?.toISOString() ?? null,
      minPerOrder: t.minPerOrder,
      maxPerOrder: t.maxPerOrder,
    })),
  };
}

async function storedRefs(db: DbOrTx, eventId: string): Promise<NonNullable<RuleContext['stored']>> {
  const occurrences = await db
    .select({ id: eventOccurrences.id, startsAt: eventOccurrences.startsAt, endsAt: eventOccurrences.endsAt })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId));
  const tickets = await db
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId));
  return {
    occurrences: new Map(occurrences.map((o) => [o.id, { startsAt: o.startsAt, endsAt: o.endsAt }])),
    ticketTypeIds: new Set(tickets.map((t) => t.id)),
    startedMayStay: false,
  };
}

/** An event that is cancelled, completed (or ended), or blocked by an administrator is not edited. */
function editable(event: EventRow, now: Date) {
  if (event.status === 'DRAFT') return true;
  if (event.status !== 'PUBLISHED' || event.isBlocked) return false;
  return !(event.endsAt && event.endsAt.getTime() <= now.getTime());
}

export function createAuthoringService(deps: { db: Db; clock: Clock; config: AuthoringConfig }) {
  const { db, clock, config } = deps;
  const unitOfWork = createUnitOfWork({ db, clock });

  function rules(
    kind: EventKind,
    mode: RuleContext['mode'],
    organization: OrganizationRow,
    now: Date,
    stored: RuleContext['stored'],
  ): RuleContext {
    return { kind, mode, organization, now, stored, imageLimit: config.imageLimit };
  }

  async function validated(tx: Tx, values: EventValues, ctx: RuleContext) {
    const checked = await checkEvent(tx, values, ctx);
    if (checked.errors.length > 0) throw refuse(checked.errors);
    return checked;
  }

  async function detailOf(
    tx: DbOrTx,
    event: EventRow,
    organization: OrganizationRow,
    role: EventGrant['role'],
  ) {
    return loadEventDetail(tx, event, organization, role);
  }

  /** Publishes the status on a written event and records the change. */
  async function publishRow(tx: Tx, eventId: string, now: Date) {
    const [row] = await tx
      .update(events)
      // The public address is given once, at the first publish, and kept forever (links stay valid).
      .set({
        status: 'PUBLISHED',
        publishedAt: now,
        updatedAt: now,
        slug: sql`coalesce(${events.slug}, ${slugSql})`,
      })
      .where(eq(events.id, eventId))
      .returning();
    if (!row) throw new Error('event vanished');
    return row;
  }

  return {
    /** create-single-event, create-multiple-event, create-class-creator: one path for the three kinds. */
    create(who: Who, kind: EventKind, input: PublishInput) {
      return unitOfWork(
        async ({ tx, now, audit }) => {
          // The organization row is held: two publishes of one title cannot both pass the check.
          const { organization, role } = await requireOrganization(
            tx,
            who.actor,
            input.organizationId,
            'manage',
            { lock: true },
          );
          const checked = await validated(tx, input, rules(kind, 'publish', organization, now, null));
          await refuseDuplicateTitle(tx, organization.id, input.title);
          const written = await writeEvent(tx, null, {
            organizationId: organization.id,
            kind,
            values: input,
            location: checked.location,
            classBookingMode: checked.classBookingMode,
            createdBy: who.actor.user.id,
            now,
          });
          const event = await publishRow(tx, written.id, now);
          await audit({
            action: 'EVENT_CREATED',
            entityType: AUDIT_ENTITY,
            entityId: event.id,
            organizationId: organization.id,
            after: event,
          });
          return detailOf(tx, event, organization, role === 'OWNER' ? 'OWNER' : 'ADMIN');
        },
        { who },
      );
    },

    /** update-single-event, update-multi-event, update-class-creator. */
    update(who: Who, kind: EventKind, input: UpdateInput) {
      return unitOfWork(
        async ({ tx, now, audit }) => {
          const grant = await requireEvent(tx, who.actor, input.eventId, 'manage', { lock: true });
          const before = grant.event;
          if (before.kind !== kind) throw conflict(AUTHORING_MESSAGES.wrongKind(before.kind));
          if (!editable(before, now)) throw conflict(MESSAGES.eventNotEditable);
          if (input.organizationId !== before.organizationId) {
            throw refuse([{ field: 'organizationId', message: AUTHORING_MESSAGES.otherOrganization }]);
          }
          const stored = await storedRefs(tx, before.id);
          // A published date that already started may stay as it was; a draft's dates must lie ahead.
          stored.startedMayStay = before.status === 'PUBLISHED';
          const checked = await validated(tx, input, rules(kind, 'publish', grant.organization, now, stored));
          const titleChanged = titleKey(before.title) !== titleKey(input.title);
          if (before.status === 'PUBLISHED' && titleChanged) {
            await refuseDuplicateTitle(tx, before.organizationId, input.title, before.id);
          }
          const event = await writeEvent(tx, before, {
            organizationId: before.organizationId,
            kind,
            values: input,
            location: checked.location,
            classBookingMode: checked.classBookingMode,
            createdBy: who.actor.user.id,
            now,
          });
          await audit({
            action: 'EVENT_UPDATED',
            entityType: AUDIT_ENTITY,
            entityId: event.id,
            organizationId: event.organizationId,
            before,
            after: event,
          });
          return detailOf(tx, event, grant.organization, grant.role);
        },
        { who },
      );
    },

    /** save-as-draft: a new draft, or saved over the draft `eventId` (checked here: the route checks the organization). */
    saveDraft(who: Who, input: DraftValues) {
      return unitOfWork(
        async ({ tx, now, audit }) => {
          const { eventId, kind, ...values } = input;
          let before: EventRow | null = null;
          let organization: OrganizationRow;
          let role: EventGrant['role'];
          let stored: RuleContext['stored'] = null;
          if (eventId) {
            const grant = await requireEvent(tx, who.actor, eventId, 'manage', { lock: true });
            if (grant.event.status !== 'DRAFT') throw conflict(AUTHORING_MESSAGES.notDraft);
            if (grant.event.organizationId !== input.organizationId) {
              throw refuse([{ field: 'organizationId', message: AUTHORING_MESSAGES.otherOrganization }]);
            }
            before = grant.event;
            organization = grant.organization;
            role = grant.role;
            stored = await storedRefs(tx, eventId);
          } else {
            const grant = await requireOrganization(tx, who.actor, input.organizationId, 'manage');
            organization = grant.organization;
            role = grant.role === 'OWNER' ? 'OWNER' : 'ADMIN';
          }
          const checked = await validated(tx, values, rules(kind, 'draft', organization, now, stored));
          const event = await writeEvent(tx, before, {
            organizationId: organization.id,
            kind,
            values,
            location: checked.location,
            classBookingMode: checked.classBookingMode,
            createdBy: who.actor.user.id,
            now,
          });
          await audit({
            action: 'EVENT_DRAFT_SAVED',
            entityType: AUDIT_ENTITY,
            entityId: event.id,
            organizationId: organization.id,
            before,
            after: event,
          });
          return detailOf(tx, event, organization, role);
        },
        { who },
      );
    },

    /** remove-from-draft: the stored draft checked as a whole, exactly as a create is, then published. */
    publishDraft(who: Who, eventId: string) {
      return unitOfWork(
        async ({ tx, now, audit, lock }) => {
          const grant = await requireEvent(tx, who.actor, eventId, 'manage', { lock: true });
          const before = grant.event;
          if (before.status !== 'DRAFT') throw conflict(AUTHORING_MESSAGES.alreadyPublished);
          // The organization row is held as a create holds it, so no other publish of this title races.
          // Only locked, not checked: the draft's event organizer may publish it without managing the
          // organization (the event grant above is the access check).
          await lock(organizations, eq(organizations.id, before.organizationId));
          const parsed = EventInput.safeParse(await storedInput(tx, before));
          if (!parsed.success) {
            throw refuse(
              parsed.error.issues.map((issue) => ({
                field: issue.path.map(String).join('.') || 'body',
                message: issue.message,
              })),
            );
          }
          const checked = await validated(
            tx,
            parsed.data,
            rules(before.kind, 'publish', grant.organization, now, null),
          );
          await refuseDuplicateTitle(tx, before.organizationId, before.title, before.id);
          // The zone may have been found from coordinates only now, and the class mode may have moved.
          await tx
            .update(events)
            .set({ timeZone: checked.location.timeZone, classBookingMode: checked.classBookingMode })
            .where(eq(events.id, before.id));
          const course = before.kind === 'CLASS' && checked.classBookingMode === 'COURSE';
          await syncInventory(tx, before.id, course, () => 'ticketTypes');
          await refreshEventTimes(tx, before.id);
          const event = await publishRow(tx, before.id, now);
          await audit({
            action: 'EVENT_PUBLISHED',
            entityType: AUDIT_ENTITY,
            entityId: event.id,
            organizationId: event.organizationId,
            before,
            after: event,
          });
          return detailOf(tx, event, grant.organization, grant.role);
        },
        { who },
      );
    },

    /** check-event-title-duplicacy: any other event of the organization, whatever its status. */
    async checkTitle(organizationId: string, title: string, eventId?: string) {
      const existing = title.trim() ? await findSameTitle(db, organizationId, title, eventId) : null;
      return { duplicate: existing !== null, existing };
    },

    /** panel-organizer-event-detail: an event whose last date ended reads COMPLETED, as in the list. */
    async detail(grant: EventGrant) {
      const current = await currentGrant(db, grant, clock.now());
      return detailOf(db, current.event, current.organization, current.role);
    },
    /** partially-event-detail: the header, completed the same way. */
    async header(grant: EventGrant) {
      return eventHeader(await currentGrant(db, grant, clock.now()));
    },

    timeZone(latitude: number, longitude: number) {
      const timeZone = timeZoneAt(latitude, longitude);
      if (!timeZone) {
        throw refuse([{ field: 'latitude', message: AUTHORING_MESSAGES.zoneNotFound }]);
      }
      return { timeZone };
    },

    async quote(
      organization: OrganizationRow,
      items: { key: string; pricing: 'PAID' | 'FREE' | 'DONATION'; price: number }[],
    ) {
      const [exemption] = await db
        .select({ userId: nonProfitExemptions.userId })
        .from(nonProfitExemptions)
        .where(
          and(
            eq(nonProfitExemptions.userId, organization.ownerId),
            eq(nonProfitExemptions.status, 'APPROVED'),
          ),
        );
      return quoteFees({
        items,
        currency: organization.currency,
        paidBy: organization.serviceFeePaidBy,
        waived: exemption !== undefined,
        rate: config.serviceFee,
      });
    },

    /** event-drop-down-values: what the event form's pickers offer this caller. */
    async dropDowns(actor: Actor): Promise<DropDownValues> {
      const scope: SQL | undefined = organizationScope(actor, 'manage');
      const [orgRows, categoryRows, links, tagRows, classTypeRows, ticketTypeRows] = await Promise.all([
        db.select().from(organizations).where(scope).orderBy(asc(organizations.name), asc(organizations.id)),
        db
          .select({ _id: categories.id, name: categories.name })
          .from(categories)
          .where(eq(categories.status, 'ACTIVE'))
          .orderBy(asc(categories.order), asc(categories.name), asc(categories.id)),
        db
          .select({
            categoryId: subcategoryCategories.categoryId,
            _id: subcategories.id,
            name: subcategories.name,
          })
          .from(subcategoryCategories)
          .innerJoin(subcategories, eq(subcategories.id, subcategoryCategories.subcategoryId))
          .where(eq(subcategories.status, 'ACTIVE'))
          .orderBy(
            asc(subcategories.order),
            asc(subcategories.name),
            asc(subcategories.id),
            asc(subcategoryCategories.categoryId),
          ),
        db
          .select({ _id: tags.id, name: tags.name })
          .from(tags)
          .where(eq(tags.status, 'ACTIVE'))
          .orderBy(asc(tags.name), asc(tags.id)),
        db
          .select({ _id: classTypes.id, name: classTypes.name, bookingMode: classTypes.bookingMode })
          .from(classTypes)
          .orderBy(asc(classTypes.order), asc(classTypes.name), asc(classTypes.id)),
        db
          .select({ _id: ticketTypes.id, name: ticketTypes.name, pricing: ticketTypes.pricing })
          .from(ticketTypes)
          .orderBy(asc(ticketTypes.order), asc(ticketTypes.name), asc(ticketTypes.id)),
      ]);
      const members =
        orgRows.length === 0
          ? []
          : await db
              .select()
              .from(organizationMembers)
              .where(
                and(
                  inArray(
                    organizationMembers.organizationId,
                    orgRows.map((o) => o.id),
                  ),
                  eq(organizationMembers.status, 'ACTIVE'),
                ),
              )
              .orderBy(asc(organizationMembers.email), asc(organizationMembers.id));
      return {
        organizations: orgRows.map((o) => ({
          _id: o.id,
          name: o.name,
          currency: o.currency,
          maxTicketsPerOrder: o.maxTicketsPerOrder,
          serviceFeePaidBy: o.serviceFeePaidBy,
          members: members
            .filter((m) => m.organizationId === o.id)
            .map((m) => ({
              _id: m.id,
              name: `${m.firstName} ${m.lastName}`.trim() || m.email,
              email: m.email,
            })),
        })),
        categories: categoryRows.map((c) => ({
          ...c,
          subcategories: links.filter((l) => l.categoryId === c._id).map(({ _id, name }) => ({ _id, name })),
        })),
        tags: tagRows,
        classTypes: classTypeRows,
        ticketTypes: ticketTypeRows,
        imageLimit: config.imageLimit,
      };
    },
  };
}

export type AuthoringService = ReturnType<typeof createAuthoringService>;
