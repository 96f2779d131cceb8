import {
  ORGANIZATION_TIME_ZONE_MESSAGE,
  type Organization,
  type OrganizationBody,
  type RefundSettingBody,
  type TicketSettingBody,
} from '@marquee/contract';
import { isValidTimeZone } from '@marquee/time';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Who } from '../../db/audit.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { defineList, type PageInput, searchWhere } from '../../db/list.js';
import { type OrganizationRow, organizations, type SocialLinks, users } from '../../db/schema/index.js';
import { userSearchText } from '../../db/search-text.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../../lib/access/index.js';
import {
  type OrganizationRole,
  organizationScope,
  requireOrganization,
} from '../../lib/access/tenancy.query.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { thumbnailOf } from '../media/index.js';
import * as repo from './organizations.repo.js';

/** The owner filter is a picker: a short list, narrowed by typing. */
const OWNER_LIST_LIMIT = 50;

type ProfileInput = z.output<typeof OrganizationBody>;
type RefundInput = z.output<typeof RefundSettingBody>;
type TicketInput = z.output<typeof TicketSettingBody>;

const NO_SOCIAL: SocialLinks = {
  facebook: null,
  instagram: null,
  x: null,
  linkedin: null,
  youtube: null,
  tiktok: null,
};

function fullName(first: string, last: string, fallback: string) {
  return `${first} ${last}`.trim() || fallback;
}

export function toOrganization(row: repo.OrganizationWithOwner, access: OrganizationRole): Organization {
  const o = row.row;
  return {
    _id: o.id,
    name: o.name,
    description: o.description,
    logo: o.logo as Organization['logo'],
    logoThumbnail: thumbnailOf(o.logo) as Organization['logoThumbnail'],
    contactEmail: o.contactEmail,
    contactPhone: o.contactPhone,
    address: o.address,
    website: o.website,
    socialLinks: { ...NO_SOCIAL, ...o.socialLinks },
    currency: o.currency,
    timeZone: o.timeZone,
    owner: {
      _id: o.ownerId,
      name: fullName(row.ownerFirstName, row.ownerLastName, row.ownerUsername),
      email: row.ownerEmail,
    },
    access,
    refundSetting: {
      policy: o.refundPolicy,
      hoursBeforeStart: o.refundPolicy === 'UNTIL_HOURS_BEFORE_START' ? o.refundHoursBeforeStart : null,
      approval: o.refundApproval,
      refundServiceFee: o.refundServiceFee,
    },
    ticketSetting: {
      maxTicketsPerOrder: o.maxTicketsPerOrder,
      serviceFeePaidBy: o.serviceFeePaidBy,
      transfersAllowed: o.transfersAllowed,
    },
    payoutStatus: o.payoutStatus,
    activeMemberCount: row.activeMemberCount,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

function roleFor(actor: Actor, row: OrganizationRow): OrganizationRole {
  if (row.ownerId === actor.user.id) return 'OWNER';
  return actor.user.role === 'ADMIN' ? 'ADMIN' : 'MEMBER';
}

function profileValues(input: ProfileInput) {
  return {
    name: input.name,
    description: input.description,
    logo: input.logo,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    address: input.address,
    website: input.website,
    socialLinks: { ...NO_SOCIAL, ...(input.socialLinks ?? {}) },
  };
}

/** The zone as given, refused (400 on the field) when it is no IANA name the runtime knows. */
function checkedTimeZone(zone: string | undefined): string | undefined {
  if (zone === undefined || isValidTimeZone(zone)) return zone;
  throw badRequest(ORGANIZATION_TIME_ZONE_MESSAGE, [
    { field: 'timeZone', message: ORGANIZATION_TIME_ZONE_MESSAGE },
  ]);
}

/** Audit snapshots leave out nothing secret; an organization has no secrets, so the row is kept whole. */
const AUDIT_ENTITY = 'ORGANIZATION';

export function createOrganizationService(deps: { db: Db; clock: Clock; defaultCurrency: string }) {
  const { db, clock } = deps;
  const unitOfWork = createUnitOfWork({ db, clock });

  async function load(tx: DbOrTx, actor: Actor, id: string) {
    const row = await repo.findOrganization(tx, id);
    if (!row) throw new Error('organization vanished');
    return toOrganization(row, roleFor(actor, row.row));
  }

  /** One change of an organization the actor may manage: locked, changed, audited, in one transaction. */
  function change(
    who: Who,
    organizationId: string,
    action: string,
    values: (current: OrganizationRow) => Partial<typeof organizations.$inferInsert>,
  ) {
    return unitOfWork(
      async ({ tx, now, audit }) => {
        const { organization } = await requireOrganization(tx, who.actor, organizationId, 'manage', {
          lock: true,
        });
        const after = await repo.updateOrganization(tx, organizationId, {
          ...values(organization),
          updatedAt: now,
        });
        await audit({
          action,
          entityType: AUDIT_ENTITY,
          entityId: organizationId,
          organizationId,
          before: organization,
          after,
        });
        return load(tx, who.actor, organizationId);
      },
      { who },
    );
  }

  /** The list's items carry the actor's role in each organization, so the list is made per actor. */
  const organizationList = (actor: Actor) =>
    defineList({
      search: [organizations.name, organizations.contactEmail],
      sort: {
        fields: {
          name: organizations.name,
          createdAt: organizations.createdAt,
          currency: organizations.currency,
        },
        default: [asc(organizations.name)],
        tieBreaker: organizations.id,
      },
      rows: (window) => repo.organizationRows(db, window),
      count: (where) => repo.countOrganizations(db, where),
      items: (rows) => rows.map((row) => toOrganization(row, roleFor(actor, row.row))),
    });

  return {
    /** The organizations the actor may read; `ownerId` narrows them to one owner's. */
    page: (actor: Actor, query: PageInput & { ownerId?: string }) =>
      organizationList(actor)(query, [
        organizationScope(actor, 'read'),
        query.ownerId ? eq(organizations.ownerId, query.ownerId) : undefined,
      ]),

    /** The administrator's owner filter: everyone who owns an organization, searchable by name or email. */
    async owners(search: string | undefined) {
      const rows = await repo.listOwners(
        db,
        searchWhere(search, [
          { within: userSearchText, columns: [users.firstName, users.lastName, users.email, users.username] },
        ]),
        OWNER_LIST_LIMIT,
      );
      return rows.map((o) => ({
        _id: o.id,
        name: `${o.firstName} ${o.lastName}`.trim() || o.username,
        email: o.email,
        organizationCount: o.organizationCount,
      }));
    },

    async detail(actor: Actor, organizationId: string) {
      const { role } = await requireOrganization(db, actor, organizationId, 'read');
      const row = await repo.findOrganization(db, organizationId);
      if (!row) throw new Error('organization vanished');
      return toOrganization(row, role);
    },

    /** Approved organizers create organizations and own them; every setting starts at its default. */
    async create(who: Who, input: ProfileInput) {
      return unitOfWork(
        async ({ tx, now, audit }) => {
          const row = await repo.insertOrganization(tx, {
            ...profileValues(input),
            ownerId: who.actor.user.id,
            currency: input.currency ?? deps.defaultCurrency,
            timeZone: checkedTimeZone(input.timeZone) ?? 'UTC',
            createdAt: now,
            updatedAt: now,
          });
          await audit({
            action: 'ORGANIZATION_CREATED',
            entityType: AUDIT_ENTITY,
            entityId: row.id,
            organizationId: row.id,
            after: row,
          });
          return load(tx, who.actor, row.id);
        },
        { who },
      );
    },

    update: (who: Who, organizationId: string, input: ProfileInput) =>
      change(who, organizationId, 'ORGANIZATION_UPDATED', (current) => ({
        ...profileValues(input),
        currency: input.currency ?? current.currency,
        timeZone: checkedTimeZone(input.timeZone) ?? current.timeZone,
      })),

    updateRefundSetting: (who: Who, input: RefundInput) =>
      change(who, input.organizationId, 'REFUND_SETTING_UPDATED', () => ({
        refundPolicy: input.policy,
        refundHoursBeforeStart: input.hoursBeforeStart,
        refundApproval: input.approval,
        refundServiceFee: input.refundServiceFee,
      })),

    updateTicketSetting: (who: Who, input: TicketInput) =>
      change(who, input.organizationId, 'TICKET_SETTING_UPDATED', () => ({
        maxTicketsPerOrder: input.maxTicketsPerOrder,
        serviceFeePaidBy: input.serviceFeePaidBy,
        transfersAllowed: input.transfersAllowed,
      })),
  };
}

export type OrganizationService = ReturnType<typeof createOrganizationService>;
