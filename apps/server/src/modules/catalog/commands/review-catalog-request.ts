import type { CatalogRequest, RequestKind, ReviewRequestBody } from '@marquee/contract';
import type { Db } from '../../../db/client.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor } from '../../../lib/access/index.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { requestDetail } from '../queries/requests.js';
import * as repo from '../repo.js';
import { REQUEST } from '../rules.js';
import { createCategoryIn } from './create-category.js';
import { createSubcategoryIn } from './create-subcategory.js';
import { createTagIn } from './create-tag.js';

/**
 * An administrator approves or rejects an organizer's request. Approving creates the item in the same
 * transaction, so a request is never approved without its item, nor an item created twice from one
 * request.
 */
export async function reviewCatalogRequest(
  deps: { db: Db; unitOfWork: UnitOfWork },
  actor: Actor,
  kinds: RequestKind[],
  body: ReviewRequestBody,
): Promise<CatalogRequest> {
  await deps.unitOfWork(async (c) => {
    const request = await repo.lockRequest(c, body.requestId, kinds);
    if (!request) throw notFound('The request');
    if (request.status !== 'PENDING') {
      throw conflict(`This request was already ${request.status === 'APPROVED' ? 'approved' : 'rejected'}.`);
    }
    let createdItemId: string | null = null;
    if (body.status === 'APPROVED') {
      const base = { name: request.name, image: null, status: 'ACTIVE' as const, order: 0 };
      if (request.kind === 'CATEGORY') {
        createdItemId = (await createCategoryIn(c, base))._id;
      } else if (request.kind === 'SUBCATEGORY') {
        const categoryIds = body.categoryIds ?? request.categoryIds;
        if (categoryIds.length === 0) {
          throw badRequest('Choose at least one category for this subcategory before approving it.', [
            { field: 'categoryIds', message: 'Choose at least one category' },
          ]);
        }
        createdItemId = (await createSubcategoryIn(c, { ...base, categoryIds }))._id;
      } else {
        createdItemId = (await createTagIn(c, { name: request.name, status: 'ACTIVE' }))._id;
      }
    }
    const after = await repo.updateRequest(c.tx, request.id, {
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
  return requestDetail(deps.db, body.requestId);
}
