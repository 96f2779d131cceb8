import * as c from '@marquee/contract';
import { EVENT_MESSAGES } from '@marquee/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, invalid } from '../../../test/calls.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { type EventWorld, eventWorld, insertReason } from '../../../test/event-fixtures.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../test/helpers.js';
import { auditLog, eventOccurrences, events, ticketInventory } from '../../db/schema/index.js';
import { completeEndedEvents } from './index.js';

const MISSING = '99999999-9999-4999-8999-999999999999';
const DAY = 86_400_000;

let t: TestApp;
let w: EventWorld;
let reportReason: string;
let cancelReason: string;
let inactiveCancelReason: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await eventWorld(t);
  reportReason = (await insertReason(t.db, 'EVENT_REPORT')).id;
  cancelReason = (await insertReason(t.db, 'EVENT_CANCEL')).id;
  inactiveCancelReason = (await insertReason(t.db, 'EVENT_CANCEL', 'INACTIVE')).id;
});
afterAll(async () => {
  await t?.close();
});

const row = async (id: string) => (await t.db.select().from(events).where(eq(events.id, id)))[0];
const auditsOf = (id: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('check-event-edit-delete-availability', () => {
  it('allows everything on a fresh published event', async () => {
    const { event } = await w.event();
    const r = await call(t, c.checkEventEditDeleteAvailability, {
      token: w.tokens.organizer,
      query: { eventId: event.id },
    });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({
      canEdit: true,
      editReason: null,
      canDelete: true,
      deleteReason: null,
      canChangeStatus: true,
      statusReason: null,
      canCancel: true,
      cancelReason: null,
      bookings: 0,
    });
  });

  it("gives the spec's reasons: blocked, cancelled, completed, sold", async () => {
    const cases = [
      { values: { isBlocked: true }, locked: EVENT_MESSAGES.statusLocked },
      { status: 'CANCELLED' as const, locked: EVENT_MESSAGES.statusLocked },
      { status: 'COMPLETED' as const, locked: null },
    ];
    for (const k of cases) {
      const { event } = await w.event({ values: k.values, status: k.status });
      const r = await call(t, c.checkEventEditDeleteAvailability, {
        token: w.tokens.owner,
        query: { eventId: event.id },
      });
      expect(r.body.result.editReason).toBe(EVENT_MESSAGES.notEditable);
      expect(r.body.result.statusReason).toBe(k.locked);
    }
    const { event } = await w.event({ sold: 3 });
    const r = await call(t, c.checkEventEditDeleteAvailability, {
      token: w.tokens.owner,
      query: { eventId: event.id },
    });
    expect(r.body.result).toMatchObject({
      canDelete: false,
      deleteReason: EVENT_MESSAGES.notDeletable,
      bookings: 3,
    });
  });

  it('completes an ended published event before answering (not cancellable any more)', async () => {
    const { event } = await w.event({ startsAt: new Date(Date.now() - 3 * DAY) });
    const r = await call(t, c.checkEventEditDeleteAvailability, {
      token: w.tokens.owner,
      query: { eventId: event.id },
    });
    expect(r.body.result).toMatchObject({
      canEdit: false,
      editReason: EVENT_MESSAGES.notEditable,
      canCancel: false,
      cancelReason: EVENT_MESSAGES.notCancellable,
    });
    expect((await row(event.id))?.status).toBe('COMPLETED');
    expect(await auditsOf(event.id, 'EVENT_COMPLETED')).toHaveLength(1);
  });
});

describe('completion', () => {
  it('is one idempotent UPDATE: a second run completes nothing', async () => {
    await completeEndedEvents(t.db, new Date());
    const { event } = await w.event({ startsAt: new Date(Date.now() - 2 * DAY) });
    const { event: running } = await w.event({ startsAt: new Date(Date.now() - 3_600_000), hours: 5 });
    const { event: draft } = await w.event({ status: 'DRAFT', startsAt: new Date(Date.now() - 2 * DAY) });
    expect(await completeEndedEvents(t.db, new Date())).toBe(1);
    expect(await completeEndedEvents(t.db, new Date())).toBe(0);
    expect((await row(event.id))?.status).toBe('COMPLETED');
    expect((await row(running.id))?.status).toBe('PUBLISHED');
    expect((await row(draft.id))?.status).toBe('DRAFT');
  });
});

describe('update-event-status', () => {
  it('sets the visibility of the event and all its dates, audited, and answers the header', async () => {
    const { event } = await w.event({ kind: 'MULTI', occurrences: 3 });
    const r = await call(t, c.updateEventStatus, {
      token: w.tokens.organizer,
      body: { eventId: event.id, visibility: 'PRIVATE' },
    });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ _id: event.id, visibility: 'PRIVATE', myRole: 'EVENT_ORGANIZER' });
    const dates = await t.db.select().from(eventOccurrences).where(eq(eventOccurrences.eventId, event.id));
    expect(dates.map((d) => d.visibility)).toEqual(['PRIVATE', 'PRIVATE', 'PRIVATE']);
    const [entry] = await auditsOf(event.id, 'EVENT_VISIBILITY_CHANGED');
    expect(entry?.after).toEqual({ visibility: 'PRIVATE' });
  });

  it('refuses a blocked or cancelled event: "Event status can\'t be changed."', async () => {
    for (const f of [{ values: { isBlocked: true } }, { status: 'CANCELLED' as const }]) {
      const { event } = await w.event(f);
      const r = await call(t, c.updateEventStatus, {
        token: w.tokens.owner,
        body: { eventId: event.id, visibility: 'PRIVATE' },
      });
      expect(r.status).toBe(409);
      expect(r.error?.message).toBe(EVENT_MESSAGES.statusLocked);
      expect((await row(event.id))?.visibility).toBe('PUBLIC');
    }
  });
});

describe('organizer-panel-event-action', () => {
  const act = (token: string, body: c.BodyOf<typeof c.organizerPanelEventAction>) =>
    call(t, c.organizerPanelEventAction, { token, body });

  it('lets administrators block, unblock, verify and unverify, each audited', async () => {
    const { event } = await w.event();
    const steps = [
      ['BLOCK', { isBlocked: true }, 'EVENT_BLOCKED'],
      ['VERIFY', { isVerified: true }, 'EVENT_VERIFIED'],
      ['UNBLOCK', { isBlocked: false }, 'EVENT_UNBLOCKED'],
      ['UNVERIFY', { isVerified: false }, 'EVENT_UNVERIFIED'],
    ] as const;
    for (const [action, flags, audited] of steps) {
      const r = await act(w.tokens.admin, { eventIds: [event.id], action });
      expect(r.status).toBe(200);
      expect(r.body.result).toEqual({ updated: 1, deleted: 0 });
      expect(await row(event.id)).toMatchObject(flags);
      expect(await auditsOf(event.id, audited)).toHaveLength(1);
    }
  });

  it('refuses block/verify to everyone but administrators with 403, before anything changes', async () => {
    const { event } = await w.event();
    for (const token of [w.tokens.owner, w.tokens.organizer]) {
      for (const action of c.ADMIN_EVENT_ACTIONS) {
        const r = await act(token, { eventIds: [event.id], action });
        expect(r.status).toBe(403);
        expect(r.error?.message).toBe(EVENT_MESSAGES.adminOnly);
      }
    }
    expect(await row(event.id)).toMatchObject({ isBlocked: false, isVerified: false });
  });

  it('reports with an active EVENT_REPORT reason and unreports', async () => {
    const { event } = await w.event();
    const missing = await act(w.tokens.owner, { eventIds: [event.id], action: 'REPORT' });
    expect(missing.status).toBe(400);
    expect(missing.error?.errors).toEqual([{ field: 'reasonId', message: 'Choose a reason' }]);
    const wrongKind = await act(w.tokens.owner, {
      eventIds: [event.id],
      action: 'REPORT',
      reasonId: cancelReason,
    });
    expect(wrongKind.status).toBe(400);
    const ok = await act(w.tokens.owner, { eventIds: [event.id], action: 'REPORT', reasonId: reportReason });
    expect(ok.body.result).toEqual({ updated: 1, deleted: 0 });
    expect(await row(event.id)).toMatchObject({ isReported: true, reportReasonId: reportReason });
    await act(w.tokens.owner, { eventIds: [event.id], action: 'UNREPORT' });
    expect(await row(event.id)).toMatchObject({ isReported: false, reportReasonId: null });
  });

  it('archives and unarchives several events; unchanged ones are not counted', async () => {
    const a = (await w.event()).event;
    const b = (await w.event({ values: { isArchived: true } })).event;
    const r = await act(w.tokens.owner, { eventIds: [a.id, b.id], action: 'ARCHIVE' });
    expect(r.body.result).toEqual({ updated: 1, deleted: 0 });
    expect((await row(a.id))?.isArchived).toBe(true);
    const back = await act(w.tokens.organizer, { eventIds: [a.id, b.id], action: 'UNARCHIVE' });
    expect(back.body.result).toEqual({ updated: 2, deleted: 0 });
  });

  it('deletes events without sales (cascading) and refuses the whole call when one has sales', async () => {
    const a = await w.event();
    const sold = (await w.event({ sold: 1 })).event;
    const refused = await act(w.tokens.owner, { eventIds: [a.event.id, sold.id], action: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(EVENT_MESSAGES.notDeletable);
    expect(await row(a.event.id)).toBeDefined();

    const r = await act(w.tokens.owner, { eventIds: [a.event.id], action: 'DELETE' });
    expect(r.body.result).toEqual({ updated: 0, deleted: 1 });
    expect(await row(a.event.id)).toBeUndefined();
    const left = await t.db.select().from(ticketInventory).where(eq(ticketInventory.eventId, a.event.id));
    expect(left).toEqual([]);
    expect(await auditsOf(a.event.id, 'EVENT_DELETED')).toHaveLength(1);
  });

  it('answers 404 for the whole bulk call when one id is unknown or not the caller’s, changing nothing', async () => {
    const a = (await w.event()).event;
    const theirs = (
      await (
        await import('../../../test/event-fixtures.js')
      ).insertEvent(t.db, {
        organizationId: w.otherOrganization.id,
      })
    ).event;
    for (const bad of [MISSING, theirs.id]) {
      for (const action of ['ARCHIVE', 'DELETE'] as const) {
        const r = await act(w.tokens.owner, { eventIds: [a.id, bad], action });
        expect(r.status).toBe(404);
        expect(r.error?.message).toBe('The event was not found.');
      }
    }
    expect(await row(a.id)).toMatchObject({ isArchived: false });
    expect(await row(theirs.id)).toMatchObject({ isArchived: false });
  });

  it('checks the input: action and ids', async () => {
    const r = await act(w.tokens.owner, invalid({ eventIds: [], action: 'EXPLODE' }));
    expect(r.status).toBe(400);
    expect(r.error?.errors?.map((e) => e.field).sort()).toEqual(['action', 'eventIds']);
  });

  it('20 parallel DELETE/ARCHIVE calls on one event leave one consistent result', async () => {
    const { event } = await w.event();
    const base = await listenOnLoopback(t);
    const tally = await inParallel(base, 20, (i) => ({
      method: 'POST',
      path: c.organizerPanelEventAction.path,
      headers: clientHeaders(w.tokens.owner),
      body: { eventIds: [event.id], action: i % 2 === 0 ? 'DELETE' : 'ARCHIVE' },
    }));
    const deletes = tally.answers.filter((_, i) => i % 2 === 0);
    const archives = tally.answers.filter((_, i) => i % 2 === 1);
    // Exactly one delete wins; every call after it finds no event.
    const deleted = deletes.filter((a) => a.status === 200);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.body.result).toEqual({ updated: 0, deleted: 1 });
    expect(deletes.filter((a) => a.status === 404)).toHaveLength(9);
    // An archive either came before the delete (200) or after it (404); nothing else.
    expect(archives.every((a) => a.status === 200 || a.status === 404)).toBe(true);
    const archivedOk = archives.filter((a) => a.status === 200);
    expect(tally.byStatus[200]).toBe(1 + archivedOk.length);
    expect(tally.byStatus[404]).toBe(9 + (10 - archivedOk.length));
    expect(await row(event.id)).toBeUndefined();
    expect(await auditsOf(event.id, 'EVENT_DELETED')).toHaveLength(1);
    // At most one archive actually changed the flag (the others found it archived already).
    expect((await auditsOf(event.id, 'EVENT_ARCHIVED')).length).toBeLessThanOrEqual(1);
  });
});

describe('bulk calls over overlapping sets', () => {
  it('lock in id order: 16 parallel calls naming the same events in opposite orders all succeed', async () => {
    const a = (await w.event()).event;
    const b = (await w.event()).event;
    const e = (await w.event()).event;
    const base = await listenOnLoopback(t);
    const orders = [
      [a.id, b.id, e.id],
      [e.id, b.id, a.id],
    ];
    const tally = await inParallel(base, 16, (i) => ({
      method: 'POST',
      path: c.organizerPanelEventAction.path,
      headers: clientHeaders(w.tokens.admin),
      body: { eventIds: orders[i % 2], action: i % 4 < 2 ? 'VERIFY' : 'UNVERIFY' },
    }));
    expect(tally.byStatus).toEqual({ 200: 16 });
    // Each answer counted only the events it changed; the audit holds exactly those changes.
    const changed = tally.answers.reduce((n, x) => n + (x.body.result as { updated: number }).updated, 0);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.entityId, [a.id, b.id, e.id]),
          inArray(auditLog.action, ['EVENT_VERIFIED', 'EVENT_UNVERIFIED']),
        ),
      );
    expect(entries).toHaveLength(changed);
  });
});

describe('delete-event, archive-event, cancel-event', () => {
  it('delete-event deletes an event without sales and refuses one with sales', async () => {
    const { event } = await w.event();
    const r = await call(t, c.deleteEvent, { token: w.tokens.organizer, body: { eventId: event.id } });
    expect(r.status).toBe(200);
    expect(await row(event.id)).toBeUndefined();
    const sold = (await w.event({ sold: 2 })).event;
    const refused = await call(t, c.deleteEvent, { token: w.tokens.owner, body: { eventId: sold.id } });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe("This event can't be deleted");
  });

  it('archive-event archives and brings back', async () => {
    const a = (await w.event()).event;
    const b = (await w.event()).event;
    const r = await call(t, c.archiveEvent, { token: w.tokens.owner, body: { eventIds: [a.id, b.id] } });
    expect(r.body.result).toEqual({ updated: 2 });
    expect((await row(b.id))?.isArchived).toBe(true);
    const back = await call(t, c.archiveEvent, {
      token: w.tokens.owner,
      body: { eventIds: [a.id], archived: false },
    });
    expect(back.body.result).toEqual({ updated: 1 });
    expect((await row(a.id))?.isArchived).toBe(false);
    expect(await auditsOf(a.id, 'EVENT_UNARCHIVED')).toHaveLength(1);
  });

  it('cancel-event cancels the event and all its dates with the reason and note', async () => {
    const { event } = await w.event({ kind: 'MULTI', occurrences: 2 });
    const r = await call(t, c.cancelEvent, {
      token: w.tokens.organizer,
      body: { eventId: event.id, reasonId: cancelReason, note: '  The venue flooded.  ' },
    });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ _id: event.id, status: 'CANCELLED' });
    expect(await row(event.id)).toMatchObject({
      status: 'CANCELLED',
      cancelReasonId: cancelReason,
      cancelNote: 'The venue flooded.',
    });
    expect((await row(event.id))?.cancelledAt).toBeInstanceOf(Date);
    const dates = await t.db
      .select()
      .from(eventOccurrences)
      .where(inArray(eventOccurrences.eventId, [event.id]));
    expect(dates.map((d) => d.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await auditsOf(event.id, 'EVENT_CANCELLED')).toHaveLength(1);

    const again = await call(t, c.cancelEvent, {
      token: w.tokens.owner,
      body: { eventId: event.id, reasonId: cancelReason },
    });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(EVENT_MESSAGES.alreadyCancelled);
  });

  it('refuses a completed event, a draft, and a reason that is not an active EVENT_CANCEL one', async () => {
    const ended = (await w.event({ startsAt: new Date(Date.now() - 2 * DAY) })).event;
    const r = await call(t, c.cancelEvent, {
      token: w.tokens.owner,
      body: { eventId: ended.id, reasonId: cancelReason },
    });
    expect(r.status).toBe(409);
    expect(r.error?.message).toBe(EVENT_MESSAGES.notCancellable);
    const draft = (await w.event({ status: 'DRAFT' })).event;
    const d = await call(t, c.cancelEvent, {
      token: w.tokens.owner,
      body: { eventId: draft.id, reasonId: cancelReason },
    });
    expect(d.status).toBe(409);
    const live = (await w.event()).event;
    for (const reasonId of [inactiveCancelReason, reportReason, MISSING]) {
      const bad = await call(t, c.cancelEvent, {
        token: w.tokens.owner,
        body: { eventId: live.id, reasonId },
      });
      expect(bad.status).toBe(400);
      expect(bad.error?.errors).toEqual([{ field: 'reasonId', message: 'Choose a reason' }]);
    }
    expect((await row(live.id))?.status).toBe('PUBLISHED');
  });
});
