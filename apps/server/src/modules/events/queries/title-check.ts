import type { DbOrTx } from '../../../db/client.js';
import { findSameTitle } from '../repo/authoring.js';

/** check-event-title-duplicacy: any other event of the organization, whatever its status. */
export async function checkEventTitle(db: DbOrTx, organizationId: string, title: string, eventId?: string) {
  const existing = title.trim() ? await findSameTitle(db, organizationId, title, eventId) : null;
  return { duplicate: existing !== null, existing };
}
