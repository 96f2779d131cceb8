import type { MemberStatus } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { defineList, type PageInput } from '../../../db/list.js';
import { organizationMembers, organizations } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import { organizationScope } from '../../../lib/access/index.js';
import * as repo from '../organizations.repo.js';
import { toMember } from '../views.js';

const memberList = (db: Db) =>
  defineList({
    search: [organizationMembers.email, organizationMembers.firstName, organizationMembers.lastName],
    sort: {
      fields: {
        email: organizationMembers.email,
        firstName: organizationMembers.firstName,
        lastName: organizationMembers.lastName,
        status: organizationMembers.status,
        createdAt: organizationMembers.createdAt,
      },
      default: [asc(organizationMembers.email)],
      tieBreaker: organizationMembers.id,
    },
    rows: (window) => repo.memberRows(db, window),
    count: (where) => repo.countMembers(db, where),
    items: (rows) => rows.map(toMember),
  });

const statusFilter = (status: MemberStatus | undefined) =>
  status ? eq(organizationMembers.status, status) : undefined;

type ListQuery = PageInput & { status?: MemberStatus };

/** One organization's members (organization-user-list); the route resolved the organization. */
export function organizationMemberPage(db: Db, organizationId: string, query: ListQuery) {
  return memberList(db)(query, [
    eq(organizationMembers.organizationId, organizationId),
    statusFilter(query.status),
  ]);
}

/**
 * The team: members of every organization the actor manages, or of one (get-favorite-user-list; the
 * route resolved it when named).
 */
export function teamMemberPage(db: Db, actor: Actor, query: ListQuery & { organizationId?: string }) {
  return memberList(db)(query, [
    organizationScope(actor, 'manage'),
    query.organizationId ? eq(organizations.id, query.organizationId) : undefined,
    statusFilter(query.status),
  ]);
}
