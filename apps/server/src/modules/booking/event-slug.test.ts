import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSlugs } from '../../../src/db/schema/index.js';
import { call } from '../../../test/calls.js';
import {
  type CatalogFixtures,
  catalogFixtures,
  eventInput,
  organizerWithOrganization,
} from '../../../test/event-authoring-fixtures.js';
import { createTestApp, manualClock, type TestApp } from '../../../test/helpers.js';
import { slugBase } from '../events/index.js';

let t: TestApp;
let f: CatalogFixtures;
let organizer: Awaited<ReturnType<typeof organizerWithOrganization>>;

beforeAll(async () => {
  t = await createTestApp({
    clock: manualClock(),
    config: { booking: { holdMinutes: 10, sweepSeconds: 0 } },
  });
  f = await catalogFixtures(t);
  organizer = await organizerWithOrganization(t, 'Slug');
});
afterAll(async () => {
  await t.close();
});

async function publish(token: string, organizationId: string, title: string) {
  const created = await call(t, c.createSingleEvent, {
    token,
    body: eventInput(f, organizationId, { title }),
  });
  expect(created.status, JSON.stringify(created.error)).toBe(200);
  return created.body.result;
}

async function rename(token: string, event: c.EventDetail, title: string) {
  const updated = await call(t, c.updateSingleEvent, {
    token,
    body: { ...eventInput(f, event.organization._id, { title }), eventId: event._id },
  });
  expect(updated.status, JSON.stringify(updated.error)).toBe(200);
  return updated.body.result;
}

const shown = (ref: string) => call(t, c.publicEventDetail, { query: { event: ref } });

describe('event slugs', () => {
  it('reads the title: no accents, kebab case, never too short, reserved or an id', () => {
    expect(slugBase('Jazz Night: Café Édition!')).toBe('jazz-night-cafe-edition');
    expect(slugBase('  Straße & Søn  ')).toBe('strasse-son');
    expect(slugBase('A')).toBe('a-event');
    expect(slugBase('東京')).toBe('event');
    expect(slugBase('Preview')).toBe('preview-event');
    expect(slugBase('x'.repeat(200)).length).toBe(80);
    expect(slugBase(`${'word '.repeat(30)}`)).toMatch(/^(word-)+word$/);
  });

  it('gives a published event a readable slug, a new one when its title changes, and keeps the old one leading to it', async () => {
    const event = await publish(organizer.token, organizer.organizationId, 'Jazz Night: Café Édition!');
    expect(event.slug).toBe('jazz-night-cafe-edition');

    const renamed = await rename(organizer.token, event, 'Jazz Night Two');
    expect(renamed.slug).toBe('jazz-night-two');
    // Both addresses open the event; the answer names the current one, so the page can replace the old.
    for (const ref of ['jazz-night-cafe-edition', 'jazz-night-two', event._id]) {
      const page = await shown(ref);
      expect(page.status, ref).toBe(200);
      expect(page.body.result._id).toBe(event._id);
      expect(page.body.result.slug).toBe('jazz-night-two');
    }
    // A change that leaves the readable part alone keeps the address.
    expect((await rename(organizer.token, renamed, 'Jazz night two!')).slug).toBe('jazz-night-two');
    // Back to the first title: its own old slug comes back rather than a new suffix.
    expect((await rename(organizer.token, renamed, 'Jazz Night: Cafe Edition')).slug).toBe(
      'jazz-night-cafe-edition',
    );
    const history = await t.db.select().from(eventSlugs).where(eq(eventSlugs.eventId, event._id));
    expect(history.map((h) => h.slug).sort()).toEqual(['jazz-night-cafe-edition', 'jazz-night-two']);
  });

  it('never gives another event a slug in use or used before', async () => {
    const other = await organizerWithOrganization(t, 'Other');
    const first = await publish(organizer.token, organizer.organizationId, 'Harbour Lights');
    await rename(organizer.token, first, 'Harbour Lights Revival');
    // The old slug `harbour-lights` still leads to the first event, so the second gets a suffix.
    const second = await publish(other.token, other.organizationId, 'Harbour Lights');
    expect(second.slug).toBe('harbour-lights-2');
    expect((await shown('harbour-lights')).body.result._id).toBe(first._id);
    expect((await shown('harbour-lights-2')).body.result._id).toBe(second._id);
  });

  it('gives every one of concurrent publishes of one title its own slug (decided in PostgreSQL)', async () => {
    const organizers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => organizerWithOrganization(t, `Race${i}`)),
    );
    const published = await Promise.all(
      organizers.map((o) => publish(o.token, o.organizationId, 'Midnight Race')),
    );
    const slugs = published.map((e) => e.slug).sort();
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toEqual(
      ['midnight-race', ...Array.from({ length: 7 }, (_, i) => `midnight-race-${i + 2}`)].sort(),
    );
    for (const event of published) {
      expect((await shown(event.slug as string)).body.result._id).toBe(event._id);
    }
  });

  it('leaves a draft without a slug, and its page to its team', async () => {
    const draft = await call(t, c.saveAsDraft, {
      token: organizer.token,
      body: { kind: 'SINGLE', organizationId: organizer.organizationId, title: 'Someday Show' },
    });
    expect(draft.status).toBe(200);
    expect(draft.body.result.slug).toBeNull();
    expect((await shown(draft.body.result._id)).status).toBe(404);
  });

  it('keeps attendee names as the event says', async () => {
    const created = await call(t, c.createSingleEvent, {
      token: organizer.token,
      body: eventInput(f, organizer.organizationId, { title: 'Named Seats', attendeeNames: true }),
    });
    expect(created.body.result.attendeeNames).toBe(true);
  });
});
