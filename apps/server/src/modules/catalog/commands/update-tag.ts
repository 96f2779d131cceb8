import type { Tag } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { conflict, notFound } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import { duplicateTag, rethrowDuplicate, TAG } from '../rules.js';
import { toTag } from '../shapes.js';
import type { TagInput } from './create-tag.js';

export function updateTag(unitOfWork: UnitOfWork, id: string, input: TagInput): Promise<Tag> {
  return unitOfWork(async (change) => {
    const { tx, now, audit } = change;
    const before = await repo.lockTag(change, id);
    if (!before) throw notFound('The tag');
    const taken = await repo.findNamed(tx, 'TAG', input.name, id);
    if (taken) throw conflict(duplicateTag(taken.name));
    const row = await repo.updateTag(tx, id, { ...input, updatedAt: now });
    if (!row) throw notFound('The tag');
    await audit({ action: 'TAG_UPDATED', entityType: TAG, entityId: id, before, after: row });
    return toTag(row);
  }).catch(rethrowDuplicate(duplicateTag(input.name)));
}
