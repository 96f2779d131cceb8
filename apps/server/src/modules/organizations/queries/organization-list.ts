import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { defineList, type PageInput } from '../../../db/list.js';
import { organizations } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import { organizationScope } from '../../../lib/access/index.js';
import * as repo from '../organizations.repo.js';
import { roleFor, toOrganization } from '../views.js';

/** The list's items carry the actor's role in each organization, so the list is made per actor. */
const organizationList = (db: Db, actor: Actor) =>
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

/** The organizations the actor may read; `ownerId` narrows them to one owner's. */
export function organizationPage(db: Db, actor: Actor, query: PageInput & { ownerId?: string }) {
  return organizationList(db, actor)(query, [
    organizationScope(actor, 'read'),
    query.ownerId ? eq(organizations.ownerId, query.ownerId) : undefined,
  ]);
}
