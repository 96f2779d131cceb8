import type { DropDownValues } from '@marquee/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  categories,
  classTypes,
  organizationMembers,
  organizations,
  subcategories,
  subcategoryCategories,
  tags,
  ticketTypes,
} from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import { organizationScope } from '../../../lib/access/index.js';

/** event-drop-down-values: what the event form's pickers offer this caller. */
export async function eventFormData(db: Db, actor: Actor, imageLimit: number): Promise<DropDownValues> {
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
      timeZone: o.timeZone,
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
    imageLimit,
  };
}
