import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { refundRequests, refundRequestTickets } from '../../../db/schema/index.js';

/**
 * A request's own status from its tickets', in one statement: REQUESTED while any ticket still waits
 * for the organizer, else PROCESSED when any was approved (refunded or on its way), else DECLINED.
 */
export async function settleRequestStatus(db: DbOrTx, requestId: string, now: Date) {
  await db.execute(sql`
    update ${refundRequests} set status = (
      select case
        when bool_or(${refundRequestTickets.status} = 'REQUESTED') then 'REQUESTED'
        when bool_or(${refundRequestTickets.status} in ('APPROVED', 'PROCESSED')) then 'PROCESSED'
        else 'DECLINED' end::refund_request_status
      from ${refundRequestTickets} where ${refundRequestTickets.requestId} = ${requestId}
    ), updated_at = ${now.toISOString()}::timestamptz
    where ${refundRequests.id} = ${requestId}`);
}
