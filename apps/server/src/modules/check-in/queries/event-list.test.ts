import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/calls.js';
import { type EventWorld, eventWorld, insertEvent, type Persona } from '../../../../test/event-fixtures.js';
import { createTestApp, manualClock, type TestApp } from '../../../../test/helpers.js';
import { eventOccurrences, events } from '../../../db/schema/index.js';

let t: TestApp;
let w: EventWorld;
const HOUR = 3_600_000;
/** 12:00 UTC, 13:00 in London (summer time): "today" is June 10 on the events' clock. */
const NOW = new Date('2026-06-10T12:00:00Z');
const at = (iso: string) => new Date(iso);
type Made = Awaited<ReturnType<typeof insertEvent>>;
const made: Record<string, Made> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(NOW) });
  w = await eventWorld(t);
  const event = async (name: string, f: Parameters<EventWorld['event']>[0]) => {
    made[name] = await w.event({ title: name, ...f });
  };
  // Three daily dates at 18:00 London: yesterday, tonight (not started yet), tomorrow.
  await event('Tonight Show', { kind: 'MULTI', occurrences: 3, startsAt: at('2026-06-09T17:00:00Z') });
  // 00:30 on June 11 in London is still June 10 in UTC: not today on the event's clock.
  await event('Late Night', { startsAt: at('2026-06-10T23:30:00Z') });
  await event('Harbour Jazz Weekend', { startsAt: at('2026-06-12T18:00:00Z') });
  // A date two days ago and one in five days: upcoming, opened on the next date.
  await event('Two Dates', { kind: 'MULTI', occurrences: 1, startsAt: at('2026-06-08T18:00:00Z') });
  await addDate('Two Dates', at('2026-06-15T18:00:00Z'));
  // Ended last night: recent, still listed today.
  await event('Recent Show', { startsAt: at('2026-06-09T18:00:00Z') });
  // Ended five days ago: only with include=past.
  await event('Past Show', { startsAt: at('2026-06-05T18:00:00Z') });
  await event('Draft Idea', { status: 'DRAFT', startsAt: at('2026-06-10T18:00:00Z') });
  await event('Cancelled Fair', { status: 'CANCELLED', startsAt: at('2026-06-20T18:00:00Z') });
  // An event of the organization the scanner is not on.
  made.Backstage = await insertEvent(t.db, {
    organizationId: w.organization.id,
    title: 'Backstage',
    startsAt: at('2026-06-11T18:00:00Z'),
    team: [{ memberId: w.members.organizer.id, role: 'EVENT_ORGANIZER' }],
  });
  // The other organizer's event: administrators see it too.
  made.Elsewhere = await insertEvent(t.db, {
    organizationId: w.otherOrganization.id,
    title: 'Elsewhere Fair',
    startsAt: at('2026-06-13T18:00:00Z'),
  });
});
afterAll(async () => {
  await t?.close();
});

/** A later date of a fixture event (the fixture makes its dates a day apart; this one is chosen). */
async function addDate(name: string, startsAt: Date) {
  const event = made[name];
  if (!event) throw new Error(`no fixture event ${name}`);
  const endsAt = new Date(startsAt.getTime() + 2 * HOUR);
  const [row] = await t.db
    .insert(eventOccurrences)
    .values({ eventId: event.event.id, startsAt, endsAt })
    .returning();
  if (!row) throw new Error('fixture date');
  event.occurrences.push(row);
  await t.db.update(events).set({ endsAt }).where(eq(events.id, event.event.id));
}

const list = async (who: Persona, query: { search?: string; include?: 'current' | 'past' } = {}) => {
  const r = await call(t, c.checkInEventList, { token: w.tokens[who], query });
  expect(r.status).toBe(200);
  return r.body.result;
};
const titles = (events: c.CheckInEvent[]) => events.map((e) => e.title);
const dateId = (name: string, i: number) => made[name]?.occurrences[i]?.id;

describe('check-in-event-list', () => {
  it('a scanner: their events, today first, then upcoming by date, then recent; never drafts', async () => {
    expect(titles(await list('scanner'))).toEqual([
      'Tonight Show',
      'Late Night',
      'Harbour Jazz Weekend',
      'Two Dates',
      'Recent Show',
    ]);
  });

  it('each event with its organization, the caller’s role, every date and the date to open', async () => {
    const [tonight] = await list('scanner');
    expect(tonight).toMatchObject({
      _id: made['Tonight Show']?.event.id,
      kind: 'MULTI',
      timeZone: 'Europe/London',
      status: 'PUBLISHED',
      organization: { _id: w.organization.id, name: w.organization.name },
      role: 'SCANNER',
      // Today's date on the event's clock, though yesterday's is the one that started before now.
      defaultOccurrenceId: dateId('Tonight Show', 1),
    });
    expect(tonight?.occurrences.map((o) => o._id)).toEqual([0, 1, 2].map((i) => dateId('Tonight Show', i)));
    expect(tonight?.occurrences[0]).toMatchObject({
      startsAt: '2026-06-09T17:00:00.000Z',
      endsAt: '2026-06-09T19:00:00.000Z',
      status: 'SCHEDULED',
    });
    const events = await list('scanner');
    const open = (title: string) => events.find((e) => e.title === title)?.defaultOccurrenceId;
    expect(open('Two Dates')).toBe(dateId('Two Dates', 1));
    expect(open('Recent Show')).toBe(dateId('Recent Show', 0));
    expect(open('Late Night')).toBe(dateId('Late Night', 0));
  });

  it('include=past adds events over for more than a day and cancelled ones', async () => {
    const events = titles(await list('scanner', { include: 'past' }));
    expect(events.slice(0, 4)).toEqual(['Tonight Show', 'Late Night', 'Harbour Jazz Weekend', 'Two Dates']);
    expect(events).toContain('Cancelled Fair');
    expect(events.slice(-2)).toEqual(['Recent Show', 'Past Show']);
    expect(events).not.toContain('Draft Idea');
  });

  it('searches titles, any case', async () => {
    expect(titles(await list('scanner', { search: 'LATE' }))).toEqual(['Late Night']);
    expect(titles(await list('scanner', { search: 'nothing like it' }))).toEqual([]);
  });

  it('what each caller is to the events they see', async () => {
    const roles = async (who: Persona) => Object.fromEntries((await list(who)).map((e) => [e.title, e.role]));
    expect(await roles('organizer')).toMatchObject({
      Backstage: 'EVENT_ORGANIZER',
      'Late Night': 'EVENT_ORGANIZER',
    });
    expect(await roles('owner')).toMatchObject({ Backstage: 'OWNER', 'Late Night': 'OWNER' });
    const admin = await roles('admin');
    expect(admin).toMatchObject({ Backstage: 'ADMIN', 'Elsewhere Fair': 'ADMIN' });
    expect(await roles('scanner')).not.toHaveProperty('Backstage');
    expect(titles(await list('otherOrganizer'))).toEqual(['Elsewhere Fair']);
    expect(titles(await list('unassigned'))).toEqual([]);
  });
});
