import type { ExportKind } from '@marquee/contract';
import type { z } from 'zod';
import { type Cell, moneyCell, timeCell } from '../../../lib/export/cells.js';
import { positions } from '../../../lib/export/cursor.js';
import { orderFileColumns, ticketFileColumns } from '../../order-reads/index.js';

/**
 * What each export kind writes: its header and how one row (as the cursor reads it) becomes cells.
 * Rows come from the lists' joins, scope, filters and order with the file's columns (`orderFileColumns`,
 * `ticketFileColumns` in order-reads/queries), read by position.
 * Amounts are numbers in major units with a Currency column; times are on each row's event clock, the
 * zone named in a Time zone column (lib/export/cells.ts says how CSV and XLSX write them). The ticket code (the QR payload) is left out of files on purpose: a file
 * travels further than the console, and the code is what gets a person in.
 */
export interface ExportLayout {
  /** How many columns of the SELECT are the layout's (extra columns follow them). */
  width: number;
  headers: string[];
  /** A cursor row, read by position (no object per row: a million-order export reads a million). */
  cells(row: unknown[]): Cell[];
}

/** A cursor row's values: `pg`'s text, numbers and null; instants as epoch milliseconds (lib/export/cursor.ts). */
type Row = unknown[];
const O = positions(orderFileColumns);
const T = positions(ticketFileColumns);
const text = (row: Row, at: number) => row[at] as string | null;
const integer = (row: Row, at: number) => row[at] as number;
const instant = (row: Row, at: number) => row[at] as number | null;
const zoneAt = (row: Row, at: number) => (row[at] as string | null) ?? 'UTC';

const orders: ExportLayout = {
  width: Object.keys(orderFileColumns).length,
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
  cells: (r) => {
    const zone = zoneAt(r, O.eventTimeZone);
    const currency = r[O.currency] as string;
    return [
      text(r, O.code),
      text(r, O.status),
      timeCell(instant(r, O.createdAt), zone),
      timeCell(instant(r, O.confirmedAt), zone),
      text(r, O.buyerName),
      text(r, O.buyerEmail),
      text(r, O.eventTitle),
      text(r, O.organizationName),
      timeCell(instant(r, O.occurrenceStartsAt), zone),
      zone,
      integer(r, O.ticketCount),
      moneyCell(integer(r, O.subtotal), currency),
      moneyCell(integer(r, O.serviceFee), currency),
      moneyCell(integer(r, O.total), currency),
      moneyCell(integer(r, O.refunded), currency),
      currency,
      text(r, O.promoCode),
      moneyCell(integer(r, O.discount), currency),
    ];
  },
};
const tickets: ExportLayout = {
  width: Object.keys(ticketFileColumns).length,
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
  cells: (r) => {
    const zone = zoneAt(r, T.eventTimeZone);
    const currency = r[T.currency] as string;
    return [
      text(r, T.id),
      text(r, T.bookingCode),
      text(r, T.ticketTypeName),
      text(r, T.attendeeName),
      text(r, T.buyerName),
      text(r, T.buyerEmail),
      text(r, T.status),
      moneyCell(integer(r, T.price), currency),
      currency,
      text(r, T.eventTitle),
      timeCell(instant(r, T.occurrenceStartsAt), zone),
      timeCell(instant(r, T.scannedAt), zone),
      zone,
    ];
  },
};
const attendees: ExportLayout = {
  width: Object.keys(ticketFileColumns).length,
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
  cells: (r) => {
    const zone = zoneAt(r, T.eventTimeZone);
    const scannedAt = instant(r, T.scannedAt);
    return [
      // Events that do not ask for attendee names: the buyer is the attendee.
      text(r, T.attendeeName) ?? text(r, T.buyerName),
      text(r, T.ticketTypeName),
      text(r, T.bookingCode),
      text(r, T.buyerName),
      text(r, T.buyerEmail),
      text(r, T.status),
      scannedAt ? 'Yes' : 'No',
      timeCell(scannedAt, zone),
      text(r, T.eventTitle),
      timeCell(instant(r, T.occurrenceStartsAt), zone),
      zone,
    ];
  },
};
export const EXPORT_LAYOUTS: Record<z.infer<typeof ExportKind>, ExportLayout> = {
  orders,
  tickets,
  attendees,
};
