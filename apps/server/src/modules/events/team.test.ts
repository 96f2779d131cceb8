import * as c from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { type EventWorld, eventWorld, insertMember } from '../../../test/event-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { auditLog, eventTeam } from '../../db/schema/index.js';

const MISSING = '99999999-9999-4999-8999-999999999999';

let t: TestApp;
let w: EventWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await eventWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const teamRows = (eventId: string) => t.db.select().from(eventTeam).where(eq(eventTeam.eventId, eventId));

describe('get-event-organizers, get-ticket-scanners', () => {
  it('list each role with the member’s name, email and status', async () => {
    const { event } = await w.event();
    const organizers = await call(t, c.getEventOrganizers, {
      token: w.tokens.owner,
      query: { eventId: event.id },
    });
    expect(organizers.status).toBe(200);
    expect(organizers.body.result).toEqual([
      {
        _id: w.members.organizer.id,
        userId: w.organizer.user.id,
        name: 'Oscar Organizer',
        email: w.organizer.user.email,
        memberStatus: 'ACTIVE',
        role: 'EVENT_ORGANIZER',
      },
    ]);
    const scanners = await call(t, c.getTicketScanners, {
      token: w.tokens.organizer,
      query: { eventId: event.id },
    });
    expect(scanners.body.result.map((m) => [m._id, m.role])).toEqual([[w.members.scanner.id, 'SCANNER']]);
  });
});

describe('update-organizer-and-scanners', () => {
  it('replaces both sets, audited', async () => {
    const { event } = await w.event();
    const r = await call(t, c.updateOrganizerAndScanners, {
      token: w.tokens.owner,
      body: {
        eventId: event.id,
        organizers: [w.members.unassigned.id, w.members.scanner.id],
        scanners: [w.members.organizer.id],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.map((m) => [m.name, m.role])).toEqual([
      ['Sam Scanner', 'EVENT_ORGANIZER'],
      ['Una Unassigned', 'EVENT_ORGANIZER'],
      ['Oscar Organizer', 'SCANNER'],
    ]);
    expect(await teamRows(event.id)).toHaveLength(3);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, event.id), eq(auditLog.action, 'EVENT_TEAM_CHANGED')));
    expect(entry?.before).toHaveLength(2);
    expect(entry?.after).toHaveLength(3);

    const cleared = await call(t, c.updateOrganizerAndScanners, {
      token: w.tokens.owner,
      body: { eventId: event.id },
    });
    expect(cleared.body.result).toEqual([]);
    expect(await teamRows(event.id)).toEqual([]);
  });

  it('refuses a member in both lists, on the scanners field', async () => {
    const { event } = await w.event();
    const r = await call(t, c.updateOrganizerAndScanners, {
      token: w.tokens.owner,
      body: { eventId: event.id, organizers: [w.members.unassigned.id], scanners: [w.members.unassigned.id] },
    });
    expect(r.status).toBe(400);
    expect(r.error?.errors?.[0]?.field).toBe('scanners');
    expect(r.error?.errors?.[0]?.message).toContain('Una Unassigned');
    expect(await teamRows(event.id)).toHaveLength(2);
  });

  it('refuses members who are not active, or not of this organization, naming the field and who', async () => {
    const { event } = await w.event();
    const inactive = await insertMember(t.db, w.organization.id, {
      firstName: 'Ivy',
      lastName: 'Inactive',
      status: 'INACTIVE',
    });
    const invited = await insertMember(t.db, w.organization.id, { firstName: 'Ian', status: 'INVITED' });
    const foreign = await insertMember(t.db, w.otherOrganization.id, { firstName: 'Frank' });
    const organizers = await call(t, c.updateOrganizerAndScanners, {
      token: w.tokens.owner,
      body: { eventId: event.id, organizers: [inactive.id, invited.id] },
    });
    expect(organizers.status).toBe(400);
    expect(organizers.error?.errors?.[0]?.field).toBe('organizers');
    expect(organizers.error?.errors?.[0]?.message).toContain('Ivy Inactive');
    expect(organizers.error?.errors?.[0]?.message).toContain('Ian');
    const scanners = await call(t, c.updateOrganizerAndScanners, {
      token: w.tokens.owner,
      body: { eventId: event.id, scanners: [foreign.id, MISSING] },
    });
    expect(scanners.status).toBe(400);
    expect(scanners.error?.errors?.[0]?.field).toBe('scanners');
    // Another organization's member is not named: nothing about it leaks.
    expect(scanners.error?.errors?.[0]?.message).not.toContain('Frank');
    expect(scanners.error?.errors?.[0]?.message).toContain('2 people');
    expect(await teamRows(event.id)).toHaveLength(2);
  });

  it('takes effect on access at once: a removed organizer gets 404', async () => {
    const { event } = await w.event();
    await call(t, c.updateOrganizerAndScanners, {
      token: w.tokens.owner,
      body: { eventId: event.id, scanners: [w.members.organizer.id] },
    });
    const r = await call(t, c.getEventOrganizers, {
      token: w.tokens.organizer,
      query: { eventId: event.id },
    });
    expect(r.status).toBe(404);
  });
});

describe('favorite-user-event-list', () => {
  it("lists a member's events with the role on each, paged", async () => {
    const a = (await w.event({ title: 'First night', startsAt: new Date(Date.now() + 86_400_000) })).event;
    const b = (await w.event({ title: 'Second night', startsAt: new Date(Date.now() + 9 * 86_400_000) }))
      .event;
    const member = await insertMember(t.db, w.organization.id, { firstName: 'Fay' });
    await t.db.insert(eventTeam).values([
      { eventId: a.id, memberId: member.id, role: 'SCANNER' },
      { eventId: b.id, memberId: member.id, role: 'EVENT_ORGANIZER' },
    ]);
    const r = await call(t, c.favoriteUserEventList, {
      token: w.tokens.owner,
      query: { memberId: member.id },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(2);
    expect(r.body.result.items.map((i) => [i.event.title, i.role])).toEqual([
      ['Second night', 'EVENT_ORGANIZER'],
      ['First night', 'SCANNER'],
    ]);
    const page = await call(t, c.favoriteUserEventList, {
      token: w.tokens.admin,
      query: { memberId: member.id, limit: 1, page: 2 },
    });
    expect(page.body.result.items.map((i) => i.event._id)).toEqual([a.id]);
    const stranger = await call(t, c.favoriteUserEventList, {
      token: w.tokens.otherOrganizer,
      query: { memberId: member.id },
    });
    expect(stranger.status).toBe(404);
  });
});

describe('unlink-user-from-event', () => {
  it('removes the member from the event, audited; 404 when not on it', async () => {
    const { event } = await w.event();
    const r = await call(t, c.unlinkUserFromEvent, {
      token: w.tokens.organizer,
      body: { eventId: event.id, memberId: w.members.scanner.id },
    });
    expect(r.status).toBe(200);
    expect((await teamRows(event.id)).map((m) => m.memberId)).toEqual([w.members.organizer.id]);
    const again = await call(t, c.unlinkUserFromEvent, {
      token: w.tokens.owner,
      body: { eventId: event.id, memberId: w.members.scanner.id },
    });
    expect(again.status).toBe(404);
    expect(again.error?.message).toBe('The member was not found.');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, event.id), eq(auditLog.action, 'EVENT_MEMBER_UNLINKED')));
    expect(entry).toBeDefined();
  });
});
