import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { reasons } from '../../../db/schema/index.js';
import { badRequest } from '../../../lib/errors.js';

/**
 * The reason a report or a cancellation names must be an ACTIVE reason of its kind (the reference list
 * an administrator keeps); anything else is the caller's mistake, on the `reasonId` field.
 */
export async function requireActiveReason(
  db: DbOrTx,
  reasonId: string | undefined | null,
  kind: 'EVENT_REPORT' | 'EVENT_CANCEL',
): Promise<string> {
  const refusal = badRequest('Choose a reason from the list.', [
    { field: 'reasonId', message: 'Choose a reason' },
  ]);
  if (!reasonId) throw refusal;
  const [row] = await db
    .select({ id: reasons.id })
    .from(reasons)
    .where(and(eq(reasons.id, reasonId), eq(reasons.kind, kind), eq(reasons.status, 'ACTIVE')))
    .limit(1);
  if (!row) throw refusal;
  return row.id;
}
