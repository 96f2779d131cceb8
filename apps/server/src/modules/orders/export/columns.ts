import type { ExportKind } from '@marquee/contract';
import type { z } from 'zod';
import { type Cell, moneyCell, timeCell } from '../../../lib/export/cells.js';
import type { OrderRowData, TicketRowData } from '../../order-reads/index.js';
import { orderColumns, ticketColumns } from '../../order-reads/index.js';

/**
 * What each export kind writes: its header and how one row (as the cursor reads it) becomes cells.
 * Rows come from the same column sets as the lists (order-reads/queries/orders.ts, tickets.ts), read by position.
 * Amounts are numbers in major units with a Currency column; times are on each row's event clock, the
 * zone named in a Time zone column (lib/export/cells.ts says how CSV and XLSX write them). The ticket code (the QR payload) is left out of files on purpose: a file
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
    'Time zone',
    'Tickets',
    'Subtotal',
    'Service fee',
    'Total',
    'Refunded',
    'Currency',
    'Promo code',
    'Discount',
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
    zoneOf(r),
    r.ticketCount,
    moneyCell(r.subtotal, r.currency),
    moneyCell(r.serviceFee, r.currency),
    moneyCell(r.total, r.currency),
    moneyCell(r.refunded, r.currency),
    r.currency,
    r.promoCode,
    moneyCell(r.discount, r.currency),
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
    'Currency',
    'Event',
    'Date',
    'Scanned at',
    'Time zone',
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
    r.currency,
    r.eventTitle,
    timeCell(r.occurrenceStartsAt, zoneOf(r)),
    timeCell(r.scannedAt, zoneOf(r)),
    zoneOf(r),
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
    'Time zone',
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
    zoneOf(r),
  ],
};

/** Type-erased by kind: the cursor's rows are only known to match their layout at run time. */
export const EXPORT_LAYOUTS: Record<z.infer<typeof ExportKind>, ExportLayout<object>> = {
  orders,
  tickets,
  attendees,
};
