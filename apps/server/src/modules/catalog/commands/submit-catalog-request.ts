import type { CatalogRequest, RequestKind } from '@marquee/contract';
import type { Db } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/list.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor } from '../../../lib/access/index.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { requestDetail } from '../queries/requests.js';
import * as repo from '../repo.js';
import { REQUEST } from '../rules.js';

const LABEL: Record<RequestKind, string> = { CATEGORY: 'category', SUBCATEGORY: 'subcategory', TAG: 'tag' };

/** An organizer asks the administrators for a new category, subcategory or tag. */
export async function submitCatalogRequest(
  deps: { db: Db; unitOfWork: UnitOfWork },
  actor: Actor,
  kind: RequestKind,
  input: { name: string; note?: string; categoryIds?: string[] },
): Promise<CatalogRequest> {
  const { db } = deps;
  const existing = await repo.findNamed(db, kind, input.name);
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
    const id = await deps.unitOfWork(async ({ tx, audit }) => {
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
    return requestDetail(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(`A request for the ${LABEL[kind]} "${input.name}" is already waiting for review.`);
    }
    throw error;
  }
}
