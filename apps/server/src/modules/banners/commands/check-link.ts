import type { DbOrTx } from '../../../db/client.js';
import { badRequest } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import type { BannerInput } from '../shapes.js';

/** A category link must name an existing category; an event link a published, unblocked event. */
export async function checkLink(tx: DbOrTx, input: BannerInput) {
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
