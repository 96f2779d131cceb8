import { dateLine } from '../../../lib/date-line.js';
import type { TicketDocument } from '../queries/ticket-document.js';
import { placeOf } from './place.js';
import { ticketQrPng } from './ticket-qr.js';

/**
 * The standard PDF fonts (no font files to ship) write Windows-1252: letters they lack are written
 * without their accents where that gives a letter they have (`Łódź` → `Lodz`), else as `?`.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfText(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char))
        return char;
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      if (plain === 'Ł') return 'L';
      if (plain === 'ł') return 'l';
      return /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    })
    .join('');
}

const INK = '#1a1b1e';
/** A course's dates beyond these are left to the calendar file, so a ticket stays one page. */
const DATES_ON_A_PAGE = 6;

function datesText(doc: TicketDocument): string {
  const lines = doc.dates.map((d) => dateLine(d, doc.event.timeZone));
  if (lines.length <= DATES_ON_A_PAGE) return lines.join('\n');
  const shown = lines.slice(0, DATES_ON_A_PAGE - 1);
  return [...shown, `and ${lines.length - shown.length} more dates (see the calendar file)`].join('\n');
}
const MUTED = '#495057';

/**
 * The order's tickets as a PDF (A4, one page per valid ticket): the QR code the door scans (an image,
 * so any reader prints it sharp enough), the event, the attendee, the ticket type, the date(s) in the
 * event's zone, the place and the order code. Made in the delivery worker and on the ticket page's
 * download, never while a checkout waits.
 */
export async function ticketsPdf(
  doc: TicketDocument,
  /** The tickets' QR images, when the caller has drawn them already (the email shows the same ones). */
  drawn?: readonly Buffer[],
): Promise<Buffer> {
  // Loaded when the first PDF is made (the outbox worker, the ticket page's download), not at start:
  // pdfkit was the heaviest import of the server's start-up (docs/performance.md, "Warm start").
  const { default: PDFDocument } = await import('pdfkit');
  const qrs: Buffer[] = drawn ? [...drawn] : [];
  if (!drawn) for (const ticket of doc.tickets) qrs.push(await ticketQrPng(ticket.code));
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    info: {
      Title: pdfText(`Tickets ${doc.code} - ${doc.event.title}`),
      Author: pdfText(doc.organization.name || 'Marquee'),
      Subject: `Order ${doc.code}`,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const place = placeOf(doc.event);
  const width = 595.28 - 112;
  doc.tickets.forEach((ticket, index) => {
    pdf.addPage();
    pdf
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(10)
      .text(pdfText(`${doc.organization.name} · Ticket ${index + 1} of ${doc.tickets.length}`), {
        width,
      });
    pdf.moveDown(0.5);
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(pdfText(doc.event.title), { width });
    pdf.moveDown(0.8);
    const qrSize = 220;
    const qrTop = pdf.y;
    pdf.image(qrs[index] as Buffer, 56 + (width - qrSize) / 2, qrTop, { width: qrSize, height: qrSize });
    pdf.y = qrTop + qrSize + 16;
    pdf.x = 56;
    const row = (label: string, value: string) => {
      pdf.fillColor(MUTED).font('Helvetica').fontSize(10).text(label.toUpperCase(), { width });
      pdf.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(pdfText(value), { width });
      pdf.moveDown(0.6);
    };
    row('Attendee', ticket.attendeeName || doc.buyerName);
    row('Ticket', ticket.typeName);
    row(doc.dates.length > 1 ? 'Dates' : 'Date', datesText(doc));
    row(
      doc.event.locationType === 'ONLINE' ? 'Where' : 'Venue',
      place.url && place.kind === 'online' ? `Online: ${place.url}` : place.label,
    );
    row('Order', doc.code);
    pdf
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(`Ticket code ${ticket.code}. Show the QR code at the entrance; each ticket admits once.`, {
        width,
      });
  });
  pdf.end();
  return done;
}
