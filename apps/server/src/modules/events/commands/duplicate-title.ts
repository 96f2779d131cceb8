import { DUPLICATE_TITLE_MESSAGE } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { findSameTitle } from '../repo/authoring.js';

/** A published title is unique in its organization (case and spaces ignored): 409 on `title`. */
export async function refuseDuplicateTitle(
  db: DbOrTx,
  organizationId: string,
  title: string,
  exceptId?: string,
) {
  if (await findSameTitle(db, organizationId, title, exceptId)) {
    throw new AppError(409, DUPLICATE_TITLE_MESSAGE, [{ field: 'title', message: DUPLICATE_TITLE_MESSAGE }]);
  }
}
