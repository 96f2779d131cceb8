import type { OfflineTicket, ScanSource } from '@marquee/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { dateOfEventOrRefuse } from './event-date.js';

interface OfflineRow extends Record<string, unknown> {
  code_hash: string;
  ticket_id: string;
  status: OfflineTicket['status'];
  attendee_name: string | null;
  buyer_name: string;
  ticket_type_name: string;
  booking_code: string;
  occurrence_id: string | null;
  occurrence_starts_at: Date | string | null;
  admitted_at: Date | string | null;
  admitted_by: string | null;
  admitted_device: string | null;
  admitted_source: ScanSource | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * `check-in-offline-list`: every ticket of the event, all statuses and all dates, so that a device
 * offline can tell "refunded" or "another date" from "unknown" as the server would. The code itself
 * never leaves: only its SHA-256 (hex of the UTF-8 code), which the device compares with the hash of
 * what it scans. One statement (hashing in PostgreSQL), on tickets_event_idx.
 */
export async function offlineTickets(
  db: Db,
  eventId: string,
  occurrenceId: string,
): Promise<OfflineTicket[]> {
  await dateOfEventOrRefuse(db, eventId, occurrenceId);
  const result = await db.execute<OfflineRow>(sql`
    select encode(sha256(convert_to(t.code, 'UTF8')), 'hex') as code_hash,
      t.id as ticket_id, t.status, t.attendee_name, b.buyer_name, tt.name as ticket_type_name,
      b.code as booking_code, t.occurrence_id, o.starts_at as occurrence_starts_at,
      a.admitted_at, nullif(trim(u.first_name || ' ' || u.last_name), '') as admitted_by,
      a.device_id as admitted_device, a.source as admitted_source
    from tickets t
    join bookings b on b.id = t.booking_id
    join event_ticket_types tt on tt.id = t.ticket_type_id
    left join event_occurrences o on o.id = t.occurrence_id
    left join ticket_admissions a on a.ticket_id = t.id and a.occurrence_id = ${occurrenceId}::uuid
    left join users u on u.id = a.admitted_by
    where t.event_id = ${eventId}::uuid`);
  return result.rows.map((row) => ({
    codeHash: row.code_hash,
    ticketId: row.ticket_id,
    status: row.status,
    attendeeName: row.attendee_name,
    buyerName: row.buyer_name,
    ticketTypeName: row.ticket_type_name,
    bookingCode: row.booking_code,
    occurrenceId: row.occurrence_id,
    occurrenceStartsAt: row.occurrence_starts_at === null ? null : iso(row.occurrence_starts_at),
    admittedAt: row.admitted_at === null ? null : iso(row.admitted_at),
    admission:
      row.admitted_at === null
        ? null
        : {
            at: iso(row.admitted_at),
            by: row.admitted_by,
            deviceId: row.admitted_device,
            source: row.admitted_source ?? 'ONLINE',
          },
  }));
}
