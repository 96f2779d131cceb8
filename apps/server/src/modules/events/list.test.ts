import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, invalid } from '../../../test/calls.js';
import { type EventWorld, eventWorld, insertEvent } from '../../../test/event-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { categories } from '../../db/schema/index.js';

const DAY = 86_400_000;
const now = Date.now();
const at = (days: number) => new Date(now + days * DAY);

let t: TestApp;
let w: EventWorld;
let categoryId: string;
const ids: Record<string, string> = {};

const list = (token: string, query: c.QueryOf<typeof c.panelOrganizerEventList> = {}) =>
  call(t, c.panelOrganizerEventList, { token, query });
const titles = async (token: string, query: c.QueryOf<typeof c.panelOrganizerEventList> = {}) => {
  const r = await list(token, query);
  expect(r.status).toBe(200);
  return r.body.result.items.map((e) => e.title);
};

beforeAll(async () => {
  t = await createTestApp();
  w = await eventWorld(t);
  const [category] = await t.db.insert(categories).values({ name: 'Jazz' }).returning();
  categoryId = category?.id ?? '';
  const make = async (key: string, f: Parameters<EventWorld['event']>[0]) => {
    ids[key] = (await w.event({ title: key, ...f })).event.id;
  };
  await make('Soon', { startsAt: at(2), sold: 7, values: { categoryId } });
  await make('Later', { startsAt: at(20), kind: 'MULTI', occurrences: 3, values: { visibility: 'PRIVATE' } });
  await make('Ended', { startsAt: at(-10) });
  await make('Done', { startsAt: at(-30), status: 'COMPLETED' });
  await make('Sketch', { status: 'DRAFT', occurrences: 0, ticketTypes: 0 });
  await make('Shelved', { startsAt: at(5), values: { isArchived: true } });
  await make('Called off', { startsAt: at(8), status: 'CANCELLED' });
  await make('Flagged 100%_off', {
    startsAt: at(3),
    values: { isBlocked: true, isReported: true, venueName: 'The Blue_Room' },
  });
  // Not the owner's: another organization, and an event of the owner's the scanner is not on.
  ids.Elsewhere = (
    await insertEvent(t.db, { organizationId: w.otherOrganization.id, title: 'Elsewhere', startsAt: at(4) })
  ).event.id;
  await make('Teamless', { startsAt: at(6), team: [] });
});
afterAll(async () => {
  await t?.close();
});

describe('panel-organizer-event-list', () => {
  it('shows each tab its events (upcoming soonest first, past latest first)', async () => {
    expect(await titles(w.tokens.owner)).toEqual(['Soon', 'Flagged 100%_off', 'Teamless', 'Later']);
    expect(await titles(w.tokens.owner, { tab: 'PAST' })).toEqual(['Ended', 'Done']);
    expect(await titles(w.tokens.owner, { tab: 'DRAFTS' })).toEqual(['Sketch']);
    expect(await titles(w.tokens.owner, { tab: 'ARCHIVED' })).toEqual(['Shelved']);
    expect(await titles(w.tokens.owner, { tab: 'CANCELLED' })).toEqual(['Called off']);
  });

  it('completed the ended event on the way (PAST shows it COMPLETED)', async () => {
    const r = await list(w.tokens.owner, { tab: 'PAST' });
    expect(r.body.result.items.find((e) => e.title === 'Ended')?.status).toBe('COMPLETED');
  });

  it('answers each row with sold/capacity sums, occurrence count and the role', async () => {
    const r = await list(w.tokens.owner);
    const soon = r.body.result.items.find((e) => e.title === 'Soon');
    expect(soon).toMatchObject({
      sold: 7,
      capacity: 50,
      occurrenceCount: 1,
      myRole: 'OWNER',
      category: { _id: categoryId, name: 'Jazz' },
      organization: { _id: w.organization.id, name: w.organization.name },
      currency: 'USD',
    });
    const later = r.body.result.items.find((e) => e.title === 'Later');
    expect(later).toMatchObject({ occurrenceCount: 3, capacity: 150, sold: 0, visibility: 'PRIVATE' });
    const draft = (await list(w.tokens.owner, { tab: 'DRAFTS' })).body.result.items[0];
    expect(draft).toMatchObject({ capacity: null, sold: 0, occurrenceCount: 0, startsAt: null });
  });

  it('scopes: administrators see all, organizer and scanner their events, others nothing', async () => {
    expect(await titles(w.tokens.admin)).toContain('Elsewhere');
    const admin = await list(w.tokens.admin);
    expect(admin.body.result.items.find((e) => e.title === 'Soon')?.myRole).toBe('ADMIN');
    for (const token of [w.tokens.organizer, w.tokens.scanner]) {
      const seen = await titles(token);
      expect(seen).toEqual(['Soon', 'Flagged 100%_off', 'Later']);
    }
    const scanner = await list(w.tokens.scanner);
    expect(scanner.body.result.items.every((e) => e.myRole === 'SCANNER')).toBe(true);
    expect(await titles(w.tokens.unassigned)).toEqual([]);
    expect(await titles(w.tokens.otherOrganizer)).toEqual(['Elsewhere']);
    expect((await list(w.tokens.buyer)).status).toBe(403);
  });

  it('filters by organization, kind, category, visibility and flag', async () => {
    expect(await titles(w.tokens.admin, { organizationId: w.otherOrganization.id })).toEqual(['Elsewhere']);
    expect(await titles(w.tokens.owner, { kind: 'MULTI' })).toEqual(['Later']);
    expect(await titles(w.tokens.owner, { categoryId })).toEqual(['Soon']);
    expect(await titles(w.tokens.owner, { visibility: 'PRIVATE' })).toEqual(['Later']);
    expect(await titles(w.tokens.owner, { flag: 'BLOCKED' })).toEqual(['Flagged 100%_off']);
    expect(await titles(w.tokens.owner, { flag: 'REPORTED' })).toEqual(['Flagged 100%_off']);
    expect(await titles(w.tokens.owner, { flag: 'VERIFIED' })).toEqual([]);
  });

  it('filters by dates overlapping the range, in the event’s zone', async () => {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(await titles(w.tokens.owner, { from: day(at(19)), to: day(at(30)) })).toEqual(['Later']);
    expect(await titles(w.tokens.owner, { from: day(at(21)), to: day(at(21)) })).toEqual(['Later']);
    const wrong = await list(w.tokens.owner, { from: day(at(5)), to: day(at(1)) });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.errors?.[0]?.field).toBe('to');
    const yearZero = await list(w.tokens.owner, { from: '0000-01-01' });
    expect(yearZero.status).toBe(400);
    expect(yearZero.error?.errors?.[0]?.field).toBe('from');
    const farFuture = await list(w.tokens.owner, { to: '9999-12-31' });
    expect(farFuture.status).toBe(200);
  });

  it('searches title, venue and organization name, wildcards taken literally', async () => {
    expect(await titles(w.tokens.owner, { search: 'soo' })).toEqual(['Soon']);
    expect(await titles(w.tokens.owner, { search: '100%_' })).toEqual(['Flagged 100%_off']);
    expect(await titles(w.tokens.owner, { search: '%' })).toEqual(['Flagged 100%_off']);
    expect(await titles(w.tokens.owner, { search: 'blue_room' })).toEqual(['Flagged 100%_off']);
    expect(await titles(w.tokens.owner, { search: w.organization.name })).toHaveLength(4);
  });

  it('sorts by title, sold, createdAt and startsAt; pages with a total', async () => {
    expect(await titles(w.tokens.owner, { sort: 'title' })).toEqual([
      'Flagged 100%_off',
      'Later',
      'Soon',
      'Teamless',
    ]);
    expect((await titles(w.tokens.owner, { sort: '-sold' }))[0]).toBe('Soon');
    expect(await titles(w.tokens.owner, { sort: '-startsAt' })).toEqual([
      'Later',
      'Teamless',
      'Flagged 100%_off',
      'Soon',
    ]);
    const page = await list(w.tokens.owner, { limit: 3, page: 2 });
    expect(page.body.result).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(page.body.result.items.map((e) => e.title)).toEqual(['Later']);
    const bad = await list(w.tokens.owner, invalid({ sort: 'price' }));
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.[0]?.field).toBe('sort');
  });

  it('sends as many queries for 19 rows as for 1 (no query per row)', async () => {
    await Promise.all(
      Array.from({ length: 15 }, (_, i) => w.event({ title: `Bulk ${i}`, startsAt: at(40 + i) })),
    );
    // Every statement of a call outside a transaction goes through the pool's query().
    const pool = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = pool.query;
    let sent = 0;
    pool.query = function (this: unknown, ...args: unknown[]) {
      sent += 1;
      return original.apply(this, args);
    };
    try {
      const statementsFor = async (limit: number) => {
        sent = 0;
        const r = await list(w.tokens.owner, { limit });
        expect(r.status).toBe(200);
        return { rows: r.body.result.items.length, sent };
      };
      const one = await statementsFor(1);
      const all = await statementsFor(50);
      expect(one.rows).toBe(1);
      expect(all.rows).toBe(19);
      // completion, page, count (and the session lookup): the same whatever the page holds.
      expect(one.sent).toBeGreaterThanOrEqual(3);
      expect(all.sent).toBe(one.sent);
    } finally {
      pool.query = original;
    }
  });
});
