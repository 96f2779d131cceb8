import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type PageWindow, paged } from '../../db/list.js';

export { countWhere } from '../../db/list-total.js';

import { banners, categories, events } from '../../db/schema/index.js';
import type { Change } from '../../db/unit-of-work.js';

/** The label of a banner's link: the category's name or the event's title. */
const linkLabelSql = sql<string | null>`coalesce(
  (select ${categories.name} from ${categories} where ${banners.linkType} = 'CATEGORY' and ${categories.id}::text = ${banners.linkValue}),
  (select ${events.title} from ${events} where ${banners.linkType} = 'EVENT' and ${events.id}::text = ${banners.linkValue}))`;

const withLabel = { row: banners, label: linkLabelSql };

export async function findBanner(db: DbOrTx, id: string) {
  const [row] = await db.select(withLabel).from(banners).where(eq(banners.id, id));
  return row;
}

export const bannerRows = (db: DbOrTx, window: PageWindow) =>
  paged(db.select(withLabel).from(banners).$dynamic(), window);

/** Buyers can open the event a banner points at: published, not blocked, not cancelled. */
export async function linkableEventExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), eq(events.status, 'PUBLISHED'), eq(events.isBlocked, false)));
  return !!row;
}

export async function categoryExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return !!row;
}

/** The position after the last banner (0 for the first). */
export async function nextOrder(db: DbOrTx): Promise<number> {
  const [max] = await db.select({ n: sql<number>`coalesce(max(${banners.order}), -1)::int` }).from(banners);
  return (max?.n ?? -1) + 1;
}

type BannerValues = typeof banners.$inferInsert;

export async function insertBanner(db: DbOrTx, values: BannerValues) {
  const [row] = await db.insert(banners).values(values).returning();
  if (!row) throw new Error('banner not created');
  return row;
}

export async function updateBanner(db: DbOrTx, id: string, values: Partial<BannerValues>) {
  const [row] = await db.update(banners).set(values).where(eq(banners.id, id)).returning();
  return row;
}

export async function deleteBanner(db: DbOrTx, id: string) {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
  return row;
}

/** The banner's row, locked FOR UPDATE in the change (undefined when there is none). */
export async function lockBanner(change: Change, id: string) {
  const [row] = await change.lock(banners, eq(banners.id, id));
  return row;
}

/** The banners of `ids` that exist, locked FOR UPDATE in the change. */
export function lockBanners(change: Change, ids: string[]) {
  return change.lock(banners, inArray(banners.id, ids));
}
