import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';

/**
 * A request's status follows its tickets: REQUESTED while any waits; else PROCESSED when every
 * approved ticket's refund is done, APPROVED while one is still with the provider; DECLINED when
 * every ticket was declined. One statement, so it is right whatever order the decisions came in.
 */
export async function syncRequestStatus(tx: Tx, requestId: string, now: Date) {
  await tx.execute(sql`
    update refund_requests r set updated_at = ${now}, status = (
      select case
        when bool_or(t.status = 'REQUESTED') then 'REQUESTED'
        when bool_or(t.status = 'APPROVED') then 'APPROVED'
        when bool_or(t.status = 'PROCESSED') then 'PROCESSED'
        else 'DECLINED'
      end::refund_request_status
      from refund_request_tickets t where t.request_id = r.id
    )
    where r.id = ${requestId}`);
}
