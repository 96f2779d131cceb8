import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import {
  activeMember,
  type CatalogFixtures,
  catalogFixtures,
  eventInput,
  organizerWithOrganization,
} from '../../../test/event-authoring-fixtures.js';
import { clientHeaders, createTestApp, manualClock, type TestApp } from '../../../test/helpers.js';
import { decodeQrPng, decodeQrSvg } from '../../../test/qr-decode.js';

const PUBLIC_URL = 'https://tickets.example.test';

let t: TestApp;
let f: CatalogFixtures;
let owner: Awaited<ReturnType<typeof organizerWithOrganization>>;
let stranger: Awaited<ReturnType<typeof organizerWithOrganization>>;
let member: Awaited<ReturnType<typeof activeMember>>;

beforeAll(async () => {
  t = await createTestApp({
    clock: manualClock(),
    config: { publicUrl: PUBLIC_URL, booking: { holdMinutes: 10, sweepSeconds: 0 } },
  });
  f = await catalogFixtures(t);
  owner = await organizerWithOrganization(t, 'Share');
  stranger = await organizerWithOrganization(t, 'Stranger');
  member = await activeMember(t, owner.organizationId);
});
afterAll(async () => {
  await t.close();
});

function qr(token: string | undefined, query: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: `${c.eventQrCode.path}?${new URLSearchParams(query)}`,
    headers: clientHeaders(token),
  });
}

describe('sharing an event', () => {
  it('draws the QR code of the public link as PNG and SVG, both read back by zbar', async () => {
    const created = await call(t, c.createSingleEvent, {
      token: owner.token,
      body: eventInput(f, owner.organizationId, { title: 'Poster Night', visibility: 'PRIVATE' }),
    });
    expect(created.status).toBe(200);
    const event = created.body.result;
    const link = `${PUBLIC_URL}/e/poster-night`;

    const png = await qr(owner.token, { eventId: event._id, format: 'png', size: '512', download: '1' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="poster-night-qr.png"');
    expect(await decodeQrPng(png.rawPayload)).toBe(link);

    const svg = await qr(owner.token, { eventId: event._id, format: 'svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toBe('inline; filename="poster-night-qr.svg"');
    expect(await decodeQrSvg(svg.body)).toBe(link);

    // A member of the organization who is not on the event's team does not see it.
    expect((await qr(member.token, { eventId: event._id })).statusCode).toBe(404);
    // The private event opens by its link like any other.
    const page = await call(t, c.publicEventDetail, { query: { event: 'poster-night' } });
    expect(page.status).toBe(200);
  });

  it('answers 404 to whoever may not see the event, 401 without a session, 409 for a draft', async () => {
    const created = await call(t, c.createSingleEvent, {
      token: owner.token,
      body: eventInput(f, owner.organizationId, { title: 'Hidden Gig' }),
    });
    const eventId = created.body.result._id;
    expect((await qr(stranger.token, { eventId })).statusCode).toBe(404);
    expect((await qr(owner.token, { eventId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await qr(undefined, { eventId })).statusCode).toBe(401);
    expect((await qr(owner.token, { eventId, format: 'gif' })).statusCode).toBe(400);

    const draft = await call(t, c.saveAsDraft, {
      token: owner.token,
      body: { kind: 'SINGLE', organizationId: owner.organizationId, title: 'Not Yet' },
    });
    const noLink = await qr(owner.token, { eventId: draft.body.result._id });
    expect(noLink.statusCode).toBe(409);
    expect(noLink.json().message).toBe(c.SHARE_MESSAGES.noLink);
  });

  it("previews a draft as buyers will see it, for the event's organizers only", async () => {
    const draft = await call(t, c.saveAsDraft, {
      token: owner.token,
      body: {
        ...eventInput(f, owner.organizationId, { title: 'Draft Preview Show' }),
        kind: 'SINGLE',
      } as never,
    });
    expect(draft.status, JSON.stringify(draft.error)).toBe(200);
    const eventId = draft.body.result._id;

    const preview = await call(t, c.previewEvent, { token: owner.token, query: { eventId } });
    expect(preview.status).toBe(200);
    const shown = preview.body.result;
    expect(shown.status).toBe('DRAFT');
    expect(shown.title).toBe('Draft Preview Show');
    // As it will be once published: on sale, every seat still free.
    expect(shown.salesState).toBe('ON_SALE');
    const type = shown.ticketTypes[0];
    expect(type?.price).toBe(2500);
    expect(shown.occurrences[0]?.remaining[type?._id as string]).toBe(100);

    // Buyers cannot open it; a member who does not run the event, another organizer and a guest cannot preview it.
    expect((await call(t, c.publicEventDetail, { query: { event: eventId } })).status).toBe(404);
    expect((await call(t, c.previewEvent, { token: member.token, query: { eventId } })).status).toBe(404);
    expect((await call(t, c.previewEvent, { token: stranger.token, query: { eventId } })).status).toBe(404);
    expect((await call(t, c.previewEvent, { query: { eventId } })).status).toBe(401);
    // Nothing can be bought from a draft, preview or not.
    const booking = await t.app.inject({
      method: 'POST',
      url: c.createBooking.path,
      headers: { ...clientHeaders(undefined), 'idempotency-key': crypto.randomUUID() },
      payload: {
        eventId,
        occurrenceId: shown.occurrences[0]?._id,
        lines: [{ ticketTypeId: type?._id, quantity: 1 }],
        buyer: { name: 'Ada Buyer', email: 'ada@example.test' },
      },
    });
    expect([400, 404]).toContain(booking.statusCode);
  });
});
