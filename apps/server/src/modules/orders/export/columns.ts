import type { ExportKind } from '@marquee/contract';
import type { z } from 'zod';
import { type Cell, moneyCell, timeCell } from '../../../lib/export/cells.js';
import type { OrderRowData, TicketRowData } from '../../order-reads/index.js';
import { orderColumns, ticketColumns } from '../../order-reads/index.js';

/**
 * What each export kind writes: its header and how one row (as the cursor reads it) becomes cells.
 * Rows come from the same column sets as the lists (order-reads/queries/orders.ts, tickets.ts), read by position; times are shown
 * in each row's event zone. The ticket code (the QR payload) is left out of files on purpose: a file
 * travels further than the console, and the code is what gets a person in.
 */
export interface ExportLayout<Row> {
  /** Column keys in SELECT order: a cursor row (an array) is zipped with them. */
  keys: string[];
  headers: string[];
  cells(row: Row): Cell[];
}

const zoneOf = (row: { eventTimeZone: string | null }) => row.eventTimeZone ?? 'UTC';

const orders: ExportLayout<OrderRowData> = {
  keys: Object.keys(orderColumns),
  headers: [
    'Order code',
    'Status',
    'Ordered at',
    'Confirmed at',
    'Buyer name',
    'Buyer email',
    'Event',
    'Organization',
    'Date',
    'Tickets',
    'Subtotal',
    'Service fee',
    'Total',
    'Refunded',
  ],
  cells: (r) => [
    r.code,
    r.status,
    timeCell(r.createdAt, zoneOf(r)),
    timeCell(r.confirmedAt, zoneOf(r)),
    r.buyerName,
    r.buyerEmail,
    r.eventTitle,
    r.organizationName,
    timeCell(r.occurrenceStartsAt, zoneOf(r)),
    r.ticketCount,
    moneyCell(r.subtotal, r.currency),
    moneyCell(r.serviceFee, r.currency),
    moneyCell(r.total, r.currency),
    moneyCell(r.refunded, r.currency),
  ],
};

const tickets: ExportLayout<TicketRowData> = {
  keys: Object.keys(ticketColumns),
  headers: [
    'Ticket ID',
    'Order code',
    'Ticket type',
    'Attendee',
    'Buyer name',
    'Buyer email',
    'Status',
    'Price',
    'Event',
    'Date',
    'Scanned at',
  ],
  cells: (r) => [
    r.id,
    r.bookingCode,
    r.ticketTypeName,
    r.attendeeName,
    r.buyerName,
    r.buyerEmail,
    r.status,
    moneyCell(r.price, r.currency),
    r.eventTitle,
    timeCell(r.occurrenceStartsAt, zoneOf(r)),
    timeCell(r.scannedAt, zoneOf(r)),
  ],
};

const attendees: ExportLayout<TicketRowData> = {
  keys: Object.keys(ticketColumns),
  headers: [
    'Attendee',
    'Ticket type',
    'Order code',
    'Buyer name',
    'Buyer email',
    'Ticket status',
    'Checked in',
    'Checked in at',
    'Event',
    'Date',
  ],
  cells: (r) => [
    // Events that do not ask for attendee names: the buyer is the attendee.
    r.attendeeName ?? r.buyerName,
    r.ticketTypeName,
    r.bookingCode,
    r.buyerName,
    r.buyerEmail,
    r.status,
    r.scannedAt ? 'Yes' : 'No',
    timeCell(r.scannedAt, zoneOf(r)),
    r.eventTitle,
    timeCell(r.occurrenceStartsAt, zoneOf(r)),
  ],
};

/** Type-erased by kind: the cursor's rows are only known to match their layout at run time. */
export const EXPORT_LAYOUTS: Record<z.infer<typeof ExportKind>, ExportLayout<object>> = {
  orders,
  tickets,
  attendees,
};
