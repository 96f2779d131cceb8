import type { Banner, BannerBody, CatalogStatus, Visibility } from '@marquee/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { defineList, type PageInput } from '../../db/list.js';
import { countWhere } from '../../db/list-total.js';
import { type BannerRow, banners } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { thumbnailOf } from '../media/index.js';
import * as repo from './banner.repo.js';

type BannerInput = z.output<typeof BannerBody>;

function toBanner(row: BannerRow, linkLabel: string | null): Banner {
  return {
    _id: row.id,
    title: row.title,
    image: row.image as Banner['image'],
    thumbnail: row.thumbnail as Banner['thumbnail'],
    linkType: row.linkType,
    linkValue: row.linkValue,
    linkLabel,
    visibility: row.visibility,
    status: row.status,
    order: row.order,
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeTo: row.activeTo?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Audit entity type of banners. */
const BANNER = 'BANNER';

export function createBannerService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const change = createUnitOfWork({ db, clock });

  async function load(tx: DbOrTx, id: string): Promise<Banner> {
    const row = await repo.findBanner(tx, id);
    if (!row) throw notFound('The banner');
    return toBanner(row.row, row.label);
  }

  /** A category link must name an existing category; an event link a published, unblocked event. */
  async function checkLink(tx: DbOrTx, input: BannerInput) {
    if (input.linkType === 'EVENT') {
      if (await repo.linkableEventExists(tx, input.linkValue)) return;
      throw badRequest('The chosen event does not exist or is not published.', [
        { field: 'linkValue', message: 'Choose a published event that is not blocked' },
      ]);
    }
    if (input.linkType !== 'CATEGORY') return;
    if (!(await repo.categoryExists(tx, input.linkValue))) {
      throw badRequest('The chosen category does not exist.', [
        { field: 'linkValue', message: 'The chosen category does not exist' },
      ]);
    }
  }

  function values(input: BannerInput) {
    return {
      title: input.title,
      image: input.image,
      thumbnail: thumbnailOf(input.image),
      linkType: input.linkType,
      linkValue: input.linkValue,
      visibility: input.visibility ?? 'BOTH',
      status: input.status ?? 'ACTIVE',
      activeFrom: input.activeFrom ? new Date(input.activeFrom) : null,
      activeTo: input.activeTo ? new Date(input.activeTo) : null,
    };
  }

  const bannerList = defineList({
    search: [banners.title],
    sort: {
      fields: {
        order: banners.order,
        title: banners.title,
        createdAt: banners.createdAt,
        activeFrom: banners.activeFrom,
      },
      default: [asc(banners.order), asc(banners.createdAt)],
      tieBreaker: banners.id,
    },
    rows: (window) => repo.bannerRows(db, window),
    count: (where) => countWhere(db, banners, where),
    items: (rows) => rows.map((r) => toBanner(r.row, r.label)),
  });

  function page(query: PageInput & { status?: CatalogStatus; visibility?: Visibility }) {
    return bannerList(query, [
      query.status ? eq(banners.status, query.status) : undefined,
      query.visibility ? eq(banners.visibility, query.visibility) : undefined,
    ]);
  }

  return {
    page,
    detail: (id: string) => load(db, id),
    create: (input: BannerInput) =>
      change(async ({ tx, audit }) => {
        await checkLink(tx, input);
        const row = await repo.insertBanner(tx, {
          ...values(input),
          order: input.order ?? (await repo.nextOrder(tx)),
        });
        const after = await load(tx, row.id);
        await audit({ action: 'BANNER_CREATED', entityType: BANNER, entityId: row.id, after });
        return after;
      }),
    update: (id: string, input: BannerInput) =>
      change(async ({ tx, now, lock, audit }) => {
        const [locked] = await lock(banners, eq(banners.id, id));
        if (!locked) throw notFound('The banner');
        const before = await load(tx, id);
        await checkLink(tx, input);
        await repo.updateBanner(tx, id, {
          ...values(input),
          ...(input.order === undefined ? {} : { order: input.order }),
          updatedAt: now,
        });
        const after = await load(tx, id);
        await audit({ action: 'BANNER_UPDATED', entityType: BANNER, entityId: id, before, after });
        return after;
      }),
    setStatus: (id: string, status: CatalogStatus) =>
      change(async ({ tx, now, lock, audit }) => {
        const [before] = await lock(banners, eq(banners.id, id));
        if (!before) throw notFound('The banner');
        const after = await repo.updateBanner(tx, id, { status, updatedAt: now });
        await audit({ action: 'BANNER_STATUS_CHANGED', entityType: BANNER, entityId: id, before, after });
        return load(tx, id);
      }),
    /** The ids in their new order; each gets its position. Unknown ids are a 404. */
    reorder: (ids: string[]) =>
      change(async ({ tx, lock, audit }) => {
        const unique = [...new Set(ids)];
        const found = await lock(banners, inArray(banners.id, unique));
        if (found.length !== unique.length) throw notFound('One of the banners');
        const before = new Map(found.map((b) => [b.id, b.order]));
        for (const [order, id] of unique.entries()) {
          if (before.get(id) === order) continue;
          await repo.updateBanner(tx, id, { order });
          await audit({
            action: 'BANNER_REORDERED',
            entityType: BANNER,
            entityId: id,
            before: { order: before.get(id) },
            after: { order },
          });
        }
      }),
    remove: (id: string) =>
      change(async ({ tx, audit }) => {
        const row = await repo.deleteBanner(tx, id);
        if (!row) throw notFound('The banner');
        await audit({ action: 'BANNER_DELETED', entityType: BANNER, entityId: id, before: row });
        return row.title;
      }),
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
