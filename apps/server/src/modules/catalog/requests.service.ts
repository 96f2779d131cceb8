import type { CatalogRequest, RequestKind, RequestStatus, ReviewRequestBody } from '@marquee/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { defineList, isUniqueViolation, type PageInput } from '../../db/list.js';
import { type CatalogRequestRow, catalogRequests, users } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import * as repo from './catalog.repo.js';
import type { CategoryService } from './category.service.js';
import type { TagService } from './tag.service.js';

const LABEL: Record<RequestKind, string> = { CATEGORY: 'category', SUBCATEGORY: 'subcategory', TAG: 'tag' };
const TABLE = { CATEGORY: repo.categories, SUBCATEGORY: repo.subcategories, TAG: repo.tags } as const;

/** Audit entity type of an organizer's catalog request. */
const REQUEST = 'CATALOG_REQUEST';

type Row = { request: CatalogRequestRow; firstName: string; lastName: string; email: string };

function toRequest({ request: r, firstName, lastName, email }: Row): CatalogRequest {
  return {
    _id: r.id,
    kind: r.kind,
    name: r.name,
    note: r.note,
    categoryIds: r.categoryIds,
    status: r.status,
    rejectionReason: r.rejectionReason,
    requestedBy: { _id: r.requestedBy, name: `${firstName} ${lastName}`.trim(), email },
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdItemId: r.createdItemId,
  };
}

/**
 * Organizers' requests for new catalog items. Approving creates the item in the same transaction, so a
 * request is never approved without its item, nor an item created twice from one request.
 */
export function createRequestService(deps: {
  db: Db;
  clock: Clock;
  categories: CategoryService;
  tags: TagService;
}) {
  const { db } = deps;
  const change = createUnitOfWork({ db, clock: deps.clock });

  async function load(id: string): Promise<CatalogRequest> {
    const [row] = await repo.selectRequests(db).where(eq(catalogRequests.id, id));
    if (!row) throw notFound('The request');
    return toRequest(row);
  }

  async function submit(
    actor: Actor,
    kind: RequestKind,
    input: { name: string; note?: string; categoryIds?: string[] },
  ): Promise<CatalogRequest> {
    const existing = await repo.findByName(db, TABLE[kind], input.name);
    if (existing)
      throw conflict(`A ${LABEL[kind]} named "${existing.name}" already exists: you can use it now.`);
    const categoryIds = [...new Set(input.categoryIds ?? [])];
    if (categoryIds.length > 0) {
      const found = await repo.existingCategoryIds(db, categoryIds);
      if (found.size !== categoryIds.length) {
        throw badRequest('One of the chosen categories does not exist.', [
          { field: 'categoryIds', message: 'One of the chosen categories does not exist' },
        ]);
      }
    }
    try {
      const id = await change(async ({ tx, audit }) => {
        const row = await repo.insertRequest(tx, {
          kind,
          name: input.name,
          note: input.note || null,
          categoryIds,
          requestedBy: actor.user.id,
        });
        await audit({
          action: 'CATALOG_REQUEST_SUBMITTED',
          entityType: REQUEST,
          entityId: row.id,
          after: row,
        });
        return row.id;
      });
      return load(id);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(`A request for the ${LABEL[kind]} "${input.name}" is already waiting for review.`);
      }
      throw error;
    }
  }

  const requestList = defineList({
    search: [catalogRequests.name, users.email],
    sort: {
      fields: {
        name: catalogRequests.name,
        createdAt: catalogRequests.createdAt,
        status: catalogRequests.status,
      },
      default: [desc(catalogRequests.createdAt)],
      tieBreaker: catalogRequests.id,
    },
    rows: (window) => repo.requestRows(db, window),
    count: (where) => repo.countRequests(db, where),
    items: (rows) => rows.map(toRequest),
  });

  function page(kinds: RequestKind[], query: PageInput & { status?: RequestStatus }, requestedBy?: string) {
    return requestList(query, [
      inArray(catalogRequests.kind, kinds),
      requestedBy ? eq(catalogRequests.requestedBy, requestedBy) : undefined,
      query.status ? eq(catalogRequests.status, query.status) : undefined,
    ]);
  }

  async function review(
    actor: Actor,
    kinds: RequestKind[],
    body: ReviewRequestBody,
  ): Promise<CatalogRequest> {
    await change(async (c) => {
      const { tx } = c;
      const [request] = await c.lock(
        catalogRequests,
        and(eq(catalogRequests.id, body.requestId), inArray(catalogRequests.kind, kinds)) as SQL,
      );
      if (!request) throw notFound('The request');
      if (request.status !== 'PENDING') {
        throw conflict(
          `This request was already ${request.status === 'APPROVED' ? 'approved' : 'rejected'}.`,
        );
      }
      let createdItemId: string | null = null;
      if (body.status === 'APPROVED') {
        const base = { name: request.name, image: null, status: 'ACTIVE' as const, order: 0 };
        if (request.kind === 'CATEGORY') {
          createdItemId = (await deps.categories.createCategoryIn(c, base))._id;
        } else if (request.kind === 'SUBCATEGORY') {
          const categoryIds = body.categoryIds ?? request.categoryIds;
          if (categoryIds.length === 0) {
            throw badRequest('Choose at least one category for this subcategory before approving it.', [
              { field: 'categoryIds', message: 'Choose at least one category' },
            ]);
          }
          createdItemId = (await deps.categories.createSubcategoryIn(c, { ...base, categoryIds }))._id;
        } else {
          createdItemId = (await deps.tags.createIn(c, { name: request.name, status: 'ACTIVE' }))._id;
        }
      }
      const after = await repo.updateRequest(tx, request.id, {
        status: body.status,
        rejectionReason: body.status === 'REJECTED' ? (body.reason ?? null) : null,
        decidedBy: actor.user.id,
        decidedAt: c.now,
        createdItemId,
      });
      await c.audit({
        action: body.status === 'APPROVED' ? 'CATALOG_REQUEST_APPROVED' : 'CATALOG_REQUEST_REJECTED',
        entityType: REQUEST,
        entityId: request.id,
        before: request,
        after,
      });
    });
    return load(body.requestId);
  }

  /** The actor's own requests only: an organizer never sees another organizer's requests. */
  function mine(actor: Actor, kinds: RequestKind[], query: PageInput & { status?: RequestStatus }) {
    return page(kinds, query, actor.user.id);
  }

  return { submit, page, mine, review };
}

export type RequestService = ReturnType<typeof createRequestService>;
