import type { CatalogStatus, Tag } from '@marquee/contract';
import type { Change, UnitOfWork } from '../../../db/unit-of-work.js';
import { conflict } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import { duplicateTag, rethrowDuplicate, TAG } from '../rules.js';
import { toTag } from '../shapes.js';

export type TagInput = { name: string; status: CatalogStatus };

/** Creates and audits a tag inside the caller's unit of work (also used by request approval). */
export async function createTagIn({ tx, audit }: Change, input: TagInput): Promise<Tag> {
  const taken = await repo.findNamed(tx, 'TAG', input.name);
  if (taken) throw conflict(duplicateTag(taken.name));
  const row = await repo.insertTag(tx, input);
  await audit({ action: 'TAG_CREATED', entityType: TAG, entityId: row.id, after: row });
  return toTag(row);
}

export function createTag(unitOfWork: UnitOfWork, input: TagInput): Promise<Tag> {
  return unitOfWork((c) => createTagIn(c, input)).catch(rethrowDuplicate(duplicateTag(input.name)));
}
