import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import {
  type CatalogFixtures,
  catalogFixtures,
  eventInput,
  organizerWithOrganization,
} from '../../../test/event-authoring-fixtures.js';
import { createTestApp, manualClock, type TestApp } from '../../../test/helpers.js';

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

describe('event slug and attendee names', () => {
  it('gives a published event a slug once and keeps it when the title changes', async () => {
    const created = await call(t, c.createSingleEvent, {
      token: organizer.token,
      body: eventInput(f, organizer.organizationId, {
        title: 'Jazz Night: Café Édition!',
        attendeeNames: true,
      }),
    });
    expect(created.status).toBe(200);
    const event = created.body.result;
    expect(event.slug).toBe(`jazz-night-caf-dition-${event._id.replaceAll('-', '').slice(0, 8)}`);
    expect(event.attendeeNames).toBe(true);
    const updated = await call(t, c.updateSingleEvent, {
      token: organizer.token,
      body: { ...eventInput(f, organizer.organizationId, { title: 'Jazz Night Two' }), eventId: event._id },
    });
    expect(updated.body.result.slug).toBe(event.slug);
    expect(updated.body.result.attendeeNames).toBe(false);
    const shown = await call(t, c.publicEventDetail, { query: { event: event.slug as string } });
    expect(shown.body.result._id).toBe(event._id);
  });

  it('leaves a draft without a slug', async () => {
    const draft = await call(t, c.saveAsDraft, {
      token: organizer.token,
      body: { kind: 'SINGLE', organizationId: organizer.organizationId, title: 'Someday Show' },
    });
    expect(draft.status).toBe(200);
    expect(draft.body.result.slug).toBeNull();
  });
});
