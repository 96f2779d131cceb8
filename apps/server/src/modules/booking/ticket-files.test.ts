import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { book, guest, sellableEvent } from '../../../test/checkout-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  deliverMessages,
  loginAs,
  type TestApp,
} from '../../../test/helpers.js';
import { startSmtpServer } from '../../../test/message-servers.js';
import { pdfImages, pdfPageCount, vevents, zbarDecode } from '../../../test/ticket-files.js';
import { organizations, tickets } from '../../db/schema/index.js';

/**
 * The buyer's ticket files as they arrive: the confirmation through a real SMTP server, parsed as a
 * mail client would (mailparser); its QR codes, the PDF's and the page's files read by a real QR
 * decoder (zbarimg), and what they read admitted at the door (scan-ticket).
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const ORGANIZER_EMAIL = 'box-office@harbour.example.test';
/** Sat 12 Dec 2026, 19:30 in Dublin (GMT in winter). */
const SATURDAY = new Date('2026-12-12T19:30:00.000Z');

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: { mail: { smtpUrl: smtp.url, from: 'Marquee <no-reply@marquee.test>' } },
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function confirmedOrder(
  options: {
    course?: boolean;
    occurrences?: number;
    values?: NonNullable<Parameters<typeof sellableEvent>[1]>['values'];
    quantity?: number;
  } = {},
) {
  const sale = await sellableEvent(t, {
    types: [{ pricing: 'FREE', seats: 20 }],
    course: options.course,
    occurrences: options.occurrences,
    startsAt: SATURDAY,
    hours: 2.5,
    attendeeNames: true,
    values: {
      timeZone: 'Europe/Dublin',
      title: `Harbour Jazz ${randomUUID().slice(0, 6)}`,
      ...options.values,
    },
  });
  await t.db
    .update(organizations)
    .set({ name: 'Harbour Lights', contactEmail: ORGANIZER_EMAIL })
    .where(eq(organizations.id, sale.organization.id));
  const quantity = options.quantity ?? 2;
  const answer = await book(t, {
    eventId: sale.event.id,
    ...(options.course ? {} : { occurrenceId: sale.occurrences[0]?.id }),
    lines: [
      {
        ticketTypeId: sale.ticketTypes[0]?.id as string,
        quantity,
        attendees: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'].slice(0, quantity),
      },
    ],
    buyer: guest,
  });
  expect(answer.status).toBe(200);
  const order = answer.body.result;
  expect(order.status).toBe('CONFIRMED');
  await deliverMessages(t);
  const raw = smtp.received.filter((mail) => mail.raw.includes(order.code));
  expect(raw).toHaveLength(1);
  // As sent: cid: links kept (by default the parser turns them into data: URLs).
  const mail = await simpleParser(raw[0]?.raw as string, { keepCidLinks: true });
  // In the order the tickets were issued (as the email numbers them).
  const codes = (
    await t.db
      .select({ code: tickets.code })
      .from(tickets)
      .where(eq(tickets.bookingId, order._id))
      .orderBy(asc(tickets.createdAt), asc(tickets.id))
  ).map((row) => row.code);
  return { sale, order, mail, codes };
}

const attachment = (mail: ParsedMail, type: string) =>
  mail.attachments.filter((file) => file.contentType.startsWith(type));

describe('the order confirmation email', () => {
  it('names each date in the event’s zone, the venue with a map link, the organizer, and replies go to them', async () => {
    const { mail, order } = await confirmedOrder();
    expect(mail.subject).toBe(`Your tickets for ${order.event.title} (${order.code})`);
    expect(mail.replyTo?.value[0]?.address).toBe(ORGANIZER_EMAIL);
    for (const body of [mail.text ?? '', String(mail.html)]) {
      expect(body).toContain('Sat 12 Dec 2026, 19:30 – 22:00 (Europe/Dublin)');
      expect(body).toContain('Harbour Hall, 1 Quay Street');
      expect(body).toContain('Harbour Lights');
    }
    expect(mail.text).toContain(
      `Map: https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Harbour Hall, 1 Quay Street')}`,
    );
    expect(String(mail.html)).toMatch(
      /href="https:\/\/www\.google\.com\/maps\/search\/\?api=1&(?:amp;|#38;)query=Harbour%20Hall%2C%201%20Quay%20Street">Open in maps</,
    );
    expect(mail.text).toContain('Reply to this email to reach Harbour Lights');
  });

  it('gives the online link for an online event', async () => {
    const { mail } = await confirmedOrder({
      values: {
        locationType: 'ONLINE',
        onlineUrl: 'https://meet.example.test/jazz',
        venueName: null,
        address: null,
      },
    });
    expect(mail.text).toContain('Online: https://meet.example.test/jazz');
    expect(mail.text).not.toContain('google.com/maps');
  });

  it('shows each ticket’s QR code as an inline cid: image that decodes to the code the door admits', async () => {
    const { mail, codes, sale } = await confirmedOrder();
    const html = String(mail.html);
    expect(html).not.toContain('data:');
    const pngs = attachment(mail, 'image/png');
    expect(pngs).toHaveLength(2);
    const decoded: string[] = [];
    for (const png of pngs) {
      expect(png.contentDisposition).toBe('inline');
      expect(png.cid).toBeTruthy();
      expect(html).toContain(`src="cid:${png.cid}"`);
      decoded.push(...zbarDecode(png.content, 'png'));
    }
    expect(decoded).toEqual(codes);

    // What the decoder read is what the door admits.
    const token = await loginAs(t, sale.owner.email, sale.owner.password);
    for (const code of decoded) {
      const scan = await call(t, c.scanTicket, {
        token,
        body: {
          eventId: sale.event.id,
          occurrenceId: sale.occurrences[0]?.id as string,
          code,
          deviceId: 'Door-A',
          nonce: randomUUID(),
        },
      });
      expect(scan.status).toBe(200);
      expect(scan.body.result.result).toBe('ADMITTED');
    }
  });

  it('attaches the tickets as a PDF, one page per ticket, whose QR codes decode to the ticket codes', async () => {
    const { mail, codes, order } = await confirmedOrder({ quantity: 3 });
    const [pdf] = attachment(mail, 'application/pdf');
    expect(pdf?.filename).toBe(`tickets-${order.code}.pdf`);
    expect(pdf?.contentDisposition).toBe('attachment');
    const bytes = pdf?.content ?? Buffer.alloc(0);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(bytes)).toBe(3);
    const images = pdfImages(bytes);
    expect(images).toHaveLength(3);
    // The file keeps its images in its own order, not the pages': every ticket's code, once.
    expect(images.flatMap(({ image, extension }) => zbarDecode(image, extension)).sort()).toEqual(
      [...codes].sort(),
    );
  });

  it('attaches a calendar file with one event per date, in the event’s zone', async () => {
    const { mail, order } = await confirmedOrder();
    const [file] = attachment(mail, 'text/calendar');
    expect(file?.filename).toBe(`${order.code}.ics`);
    const ics = String(file?.content);
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Dublin');
    const events = vevents(ics);
    expect(events).toHaveLength(1);
    expect(events[0]).toContain('DTSTART;TZID=Europe/Dublin:20261212T193000');
    expect(events[0]).toContain('DTEND;TZID=Europe/Dublin:20261212T220000');
    expect(events[0]).toContain(`SUMMARY:${order.event.title}`);
    expect(events[0]).toContain('LOCATION:Harbour Hall\\, 1 Quay Street');
  });

  it('lists every date of a course, in the email and as one VEVENT each', async () => {
    const { mail } = await confirmedOrder({ course: true, occurrences: 3 });
    for (const day of ['Sat 12 Dec 2026', 'Sun 13 Dec 2026', 'Mon 14 Dec 2026'])
      expect(mail.text).toContain(`${day}, 19:30 – 22:00 (Europe/Dublin)`);
    const ics = String(attachment(mail, 'text/calendar')[0]?.content);
    const events = vevents(ics);
    expect(events).toHaveLength(3);
    expect(events.map((e) => /DTSTART;TZID=Europe\/Dublin:(\d{8}T\d{6})/.exec(e)?.[1])).toEqual([
      '20261212T193000',
      '20261213T193000',
      '20261214T193000',
    ]);
  });
});

describe('the ticket page’s files', () => {
  const get = (route: c.FileRouteDef, query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `${route.path}?${new URLSearchParams(query)}`,
      headers: clientHeaders(),
    });

  it('downloads the PDF and the calendar file with the booking’s token', async () => {
    const { order, codes } = await confirmedOrder();
    const query = { bookingId: order._id, token: order.accessToken };
    const pdf = await get(c.bookingTicketsPdf, query);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="tickets-${order.code}.pdf"`);
    expect(pdfPageCount(pdf.rawPayload)).toBe(2);
    const decoded = pdfImages(pdf.rawPayload).flatMap(({ image, extension }) => zbarDecode(image, extension));
    expect(decoded.sort()).toEqual([...codes].sort());
    const ics = await get(c.bookingCalendar, query);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(vevents(ics.payload)).toHaveLength(1);
    expect(ics.payload).toContain('DTSTART;TZID=Europe/Dublin:20261212T193000');
  });

  it('answers 404 for an unknown token or booking, whoever asks', async () => {
    const { order } = await confirmedOrder({ quantity: 1 });
    for (const route of [c.bookingTicketsPdf, c.bookingCalendar]) {
      const wrongToken = await get(route, { bookingId: order._id, token: 'x'.repeat(43) });
      expect(wrongToken.statusCode).toBe(404);
      expect(wrongToken.json().message).toBe('The booking was not found.');
      const wrongBooking = await get(route, { bookingId: randomUUID(), token: order.accessToken });
      expect(wrongBooking.statusCode).toBe(404);
      const noToken = await get(route, { bookingId: order._id });
      expect(noToken.statusCode).toBe(400);
    }
  });
});
