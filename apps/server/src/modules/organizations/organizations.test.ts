import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/calls.js';
import { createTestApp, createUser, deliverMessages, loginAs, type TestApp } from '../../../test/helpers.js';
import { paymentsStandIn } from '../../../test/payments-stand-in.js';
import { auditLog, outboxMessages } from '../../db/schema/index.js';

const O = '/api/v1/organization';
const F = '/api/v1/favorite-user';
const LOGO = '/media/22222222-2222-4222-8222-222222222222.jpg';
const MISSING = '99999999-9999-4999-8999-999999999999';

let t: TestApp;
let call: ReturnType<typeof caller>;
const payments = paymentsStandIn();
let admin: string;
let owner: string;
let ownerEmail: string;
let rival: string;
let buyer: string;
let orgId: string;
let rivalOrgId: string;

async function lastMessageTo(email: string) {
  await deliverMessages(t);
  const [message] = await t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, email))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message;
}

async function lastLinkTo(email: string): Promise<string> {
  const message = await lastMessageTo(email);
  const token = message?.text.match(/\/reset-link\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation was sent to ${email}`);
  return token;
}

async function auditOf(entityId: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);
}

beforeAll(async () => {
  t = await createTestApp({ deps: { payments: payments.provider } });
  call = caller(t);
  const a = await createUser(t, { role: 'ADMIN' });
  const o = await createUser(t, { organizerRequest: 'APPROVED', firstName: 'Olivia', lastName: 'Owner' });
  const r = await createUser(t, { organizerRequest: 'APPROVED' });
  const b = await createUser(t);
  admin = await loginAs(t, a.email, a.password);
  owner = await loginAs(t, o.email, o.password);
  ownerEmail = o.email;
  rival = await loginAs(t, r.email, r.password);
  buyer = await loginAs(t, b.email, b.password);
  rivalOrgId = (await call('POST', `${O}/create-organization`, rival, { name: 'Rival Hall' })).body.result
    ._id;
});
afterAll(() => t.close());

describe('organizations', () => {
  it('creates an organization with defaults and an audit entry; only approved organizers may create', async () => {
    const created = await call('POST', `${O}/create-organization`, owner, {
      name: '  Jazz Club ',
      description: 'Live jazz every night',
      logo: LOGO,
      contactEmail: 'hello@jazz.test',
      contactPhone: '+1 555 010 0200',
      address: '1 Main St',
      website: 'https://jazz.test',
      socialLinks: { instagram: 'https://instagram.com/jazz', facebook: '' },
    });
    expect(created.status).toBe(200);
    orgId = created.body.result._id;
    expect(created.body.result).toMatchObject({
      name: 'Jazz Club',
      currency: 'USD',
      logo: LOGO,
      logoThumbnail: '/media/22222222-2222-4222-8222-222222222222-thumb.webp',
      access: 'OWNER',
      socialLinks: { instagram: 'https://instagram.com/jazz', facebook: null, x: null },
      refundSetting: {
        policy: 'UNTIL_HOURS_BEFORE_START',
        hoursBeforeStart: 24,
        approval: 'MANUAL',
        refundServiceFee: false,
      },
      ticketSetting: { maxTicketsPerOrder: 10, serviceFeePaidBy: 'BUYER', transfersAllowed: true },
      payoutStatus: 'NOT_STARTED',
      owner: { name: 'Olivia Owner', email: ownerEmail },
    });
    const entries = await auditOf(orgId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'ORGANIZATION_CREATED',
      actorRole: 'ORGANIZER',
      before: null,
    });
    expect(entries[0]?.requestId).toBeTruthy();

    const refused = await call('POST', `${O}/create-organization`, buyer, { name: 'Nope' });
    expect(refused.status).toBe(403);
    const byAdmin = await call('POST', `${O}/create-organization`, admin, { name: 'Admin org' });
    expect(byAdmin.status).toBe(403);
  });

  it('names what is wrong in bad input', async () => {
    const bad = await call('POST', `${O}/create-organization`, owner, {
      name: 'J',
      currency: 'XYZ',
      website: 'ftp://x',
      contactEmail: 'nope',
      logo: 'https://elsewhere.test/logo.png',
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['contactEmail', 'currency', 'logo', 'name', 'website']);
    const eur = await call('POST', `${O}/create-organization`, owner, {
      name: 'Euro Nights',
      currency: 'eur',
    });
    expect(eur.body.result.currency).toBe('EUR');
  });

  it('lists own organizations to an organizer and all to an administrator, with an owner filter', async () => {
    const mine = await call('GET', `${O}/panel-organization-list`, owner, { sort: 'name' });
    expect(mine.body.result.items.map((o: { name: string }) => o.name)).toEqual(['Euro Nights', 'Jazz Club']);
    const theirs = await call('GET', `${O}/panel-organization-list`, rival);
    expect(theirs.body.result.items.map((o: { name: string }) => o.name)).toEqual(['Rival Hall']);
    const all = await call('GET', `${O}/panel-organization-list`, admin);
    expect(all.body.result.total).toBe(3);
    const filtered = await call('GET', `${O}/panel-organization-list`, admin, {
      ownerId: mine.body.result.items[0].owner._id,
      search: 'jazz',
    });
    expect(filtered.body.result.items.map((o: { name: string }) => o.name)).toEqual(['Jazz Club']);
    expect(filtered.body.result.items[0].access).toBe('ADMIN');
    const badSort = await call('GET', `${O}/panel-organization-list`, owner, { sort: 'owner' });
    expect(badSort.status).toBe(400);
  });

  it("lists organization owners for the administrator's owner filter, and to administrators only", async () => {
    const owners = await call('GET', `${O}/organization-owner-list`, admin);
    expect(owners.status).toBe(200);
    expect(owners.body.result).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Olivia Owner', email: ownerEmail, organizationCount: 2 }),
        expect.objectContaining({ organizationCount: 1 }),
      ]),
    );
    expect(owners.body.result).toHaveLength(2);
    const searched = await call('GET', `${O}/organization-owner-list`, admin, { search: 'olivia' });
    expect(searched.body.result.map((o: { email: string }) => o.email)).toEqual([ownerEmail]);
    expect((await call('GET', `${O}/organization-owner-list`, owner)).status).toBe(403);
  });

  it('edits the profile and settings; settings are validated', async () => {
    const edited = await call('PUT', `${O}/update-organization`, owner, {
      organizationId: orgId,
      name: 'Jazz Club Downtown',
      logo: null,
    });
    expect(edited.body.result).toMatchObject({
      name: 'Jazz Club Downtown',
      logo: null,
      currency: 'USD',
      contactEmail: null,
    });

    const missingHours = await call('PUT', `${O}/update-refund-setting`, owner, {
      organizationId: orgId,
      policy: 'UNTIL_HOURS_BEFORE_START',
      approval: 'AUTOMATIC',
      refundServiceFee: true,
    });
    expect(missingHours.status).toBe(400);
    expect(missingHours.body.errors[0].field).toBe('hoursBeforeStart');
    const refund = await call('PUT', `${O}/update-refund-setting`, owner, {
      organizationId: orgId,
      policy: 'UNTIL_HOURS_BEFORE_START',
      hoursBeforeStart: 48,
      approval: 'AUTOMATIC',
      refundServiceFee: true,
    });
    expect(refund.body.result.refundSetting).toEqual({
      policy: 'UNTIL_HOURS_BEFORE_START',
      hoursBeforeStart: 48,
      approval: 'AUTOMATIC',
      refundServiceFee: true,
    });
    const none = await call('PUT', `${O}/update-refund-setting`, owner, {
      organizationId: orgId,
      policy: 'NONE',
      hoursBeforeStart: 12,
      approval: 'MANUAL',
      refundServiceFee: false,
    });
    expect(none.body.result.refundSetting.hoursBeforeStart).toBeNull();

    const tooMany = await call('PUT', `${O}/update-ticket-setting`, owner, {
      organizationId: orgId,
      maxTicketsPerOrder: 1000,
      serviceFeePaidBy: 'ABSORBED',
      transfersAllowed: false,
    });
    expect(tooMany.status).toBe(400);
    const tickets = await call('PUT', `${O}/update-ticket-setting`, owner, {
      organizationId: orgId,
      maxTicketsPerOrder: 4,
      serviceFeePaidBy: 'ABSORBED',
      transfersAllowed: false,
    });
    expect(tickets.body.result.ticketSetting).toEqual({
      maxTicketsPerOrder: 4,
      serviceFeePaidBy: 'ABSORBED',
      transfersAllowed: false,
    });
    const actions = (await auditOf(orgId)).map((e) => e.action);
    expect(actions).toEqual([
      'ORGANIZATION_CREATED',
      'ORGANIZATION_UPDATED',
      'REFUND_SETTING_UPDATED',
      'REFUND_SETTING_UPDATED',
      'TICKET_SETTING_UPDATED',
    ]);
  });

  it('answers 404 to another organizer for everything about an organization that is not theirs', async () => {
    const attempts = [
      call('GET', `${O}/get-organization-detail`, rival, { organizationId: orgId }),
      call('PUT', `${O}/update-organization`, rival, { organizationId: orgId, name: 'Mine now' }),
      call('PUT', `${O}/update-refund-setting`, rival, {
        organizationId: orgId,
        policy: 'NONE',
        approval: 'MANUAL',
        refundServiceFee: false,
      }),
      call('PUT', `${O}/update-ticket-setting`, rival, {
        organizationId: orgId,
        maxTicketsPerOrder: 2,
        serviceFeePaidBy: 'BUYER',
        transfersAllowed: true,
      }),
      call('GET', `${O}/organization-user-list`, rival, { organizationId: orgId }),
      call('GET', `${F}/get-favorite-user-list`, rival, { organizationId: orgId }),
      call('POST', `${F}/add-favorite-user`, rival, { organizationId: orgId, email: 'x@example.test' }),
      call('POST', '/api/v1/payment/create-organizer-account', rival, { organizationId: orgId }),
      call('GET', '/api/v1/payment/get-payout-status', rival, { organizationId: orgId }),
      call('POST', '/api/v1/organizer/create-dashboard-link', rival, { organizationId: orgId }),
      call('GET', `${O}/get-organization-detail`, buyer, { organizationId: orgId }),
      call('GET', `${O}/get-organization-detail`, owner, { organizationId: MISSING }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('The organization was not found.');
    }
    const detail = await call('GET', `${O}/get-organization-detail`, owner, { organizationId: orgId });
    expect(detail.body.result.name).toBe('Jazz Club Downtown');
  });

  it('lets an administrator read and change any organization, audit-logged as an administrator', async () => {
    const read = await call('GET', `${O}/get-organization-detail`, admin, { organizationId: rivalOrgId });
    expect(read.body.result.access).toBe('ADMIN');
    const changed = await call('PUT', `${O}/update-ticket-setting`, admin, {
      organizationId: rivalOrgId,
      maxTicketsPerOrder: 6,
      serviceFeePaidBy: 'BUYER',
      transfersAllowed: true,
    });
    expect(changed.status).toBe(200);
    const entry = (await auditOf(rivalOrgId)).at(-1);
    expect(entry).toMatchObject({ action: 'TICKET_SETTING_UPDATED', actorRole: 'ADMIN' });
    expect(entry?.before).toMatchObject({ maxTicketsPerOrder: 10 });
    expect(entry?.after).toMatchObject({ maxTicketsPerOrder: 6 });
  });
});

describe('team', () => {
  let memberId: string;
  const newcomer = 'new.person@example.test';

  it('invites a new person, who sets a password from the link and becomes an active member', async () => {
    const added = await call('POST', `${F}/add-favorite-user`, owner, {
      organizationId: orgId,
      email: newcomer,
      firstName: 'Nina',
      lastName: 'New',
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(`Invitation sent to ${newcomer}.`);
    expect((await lastMessageTo(newcomer))?.text).toContain('Set your password with the link below');
    memberId = added.body.result._id;
    expect(added.body.result).toMatchObject({ status: 'INVITED', organizationName: 'Jazz Club Downtown' });
    const expires =
      new Date(added.body.result.invitationExpiresAt).getTime() -
      new Date(added.body.result.invitedAt).getTime();
    expect(expires).toBe(7 * 86_400_000);

    const twice = await call('POST', `${F}/add-favorite-user`, owner, {
      organizationId: orgId,
      email: 'NEW.person@example.test',
    });
    expect(twice.status).toBe(409);

    const token = await lastLinkTo(newcomer);
    const link = await call('GET', '/api/v1/user/check-reset-link', undefined, { token });
    expect(link.body.result).toEqual({
      purpose: 'INVITATION',
      needsPassword: true,
      email: newcomer,
      organizationName: 'Jazz Club Downtown',
    });
    const early = await call('PUT', `${F}/favorite-user-update-status`, owner, {
      memberId,
      status: 'INACTIVE',
    });
    expect(early.status).toBe(409);

    const set = await call('POST', '/api/v1/user/password-reset', undefined, {
      token,
      password: 'Member#12345',
      confirmPassword: 'Member#12345',
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toMatch(/joined Jazz Club Downtown/);
    const detail = await call('GET', `${F}/favorite-user-detail`, owner, { memberId });
    expect(detail.body.result).toMatchObject({ status: 'ACTIVE', invitationExpiresAt: null });
    expect(detail.body.result.acceptedAt).toBeTruthy();

    const member = await loginAs(t, newcomer, 'Member#12345');
    const profile = await call('GET', '/api/v1/user/get-user-detail', member);
    expect(profile.body.result).toMatchObject({ isOrganizationMember: true, organizerRequest: 'NONE' });
    const list = await call('GET', `${O}/panel-organization-list`, member);
    expect(list.body.result.items.map((o: { name: string; access: string }) => [o.name, o.access])).toEqual([
      ['Jazz Club Downtown', 'MEMBER'],
    ]);
    // A member reads the organization but does not manage it.
    expect(
      (await call('GET', `${O}/get-organization-detail`, member, { organizationId: orgId })).status,
    ).toBe(200);
    expect(
      (await call('PUT', `${O}/update-organization`, member, { organizationId: orgId, name: 'Mine' })).status,
    ).toBe(404);
    expect((await call('GET', `${O}/organization-user-list`, member, { organizationId: orgId })).status).toBe(
      404,
    );
    expect(
      (await call('GET', `${O}/get-organization-detail`, member, { organizationId: rivalOrgId })).status,
    ).toBe(404);

    const accepted = (await auditOf(memberId)).map((e) => e.action);
    expect(accepted).toEqual(['MEMBER_ADDED', 'MEMBER_INVITED', 'MEMBER_ACCEPTED_INVITATION']);
  });

  it("refuses an inactive member's next organization call, and the profile no longer says member", async () => {
    const member = await loginAs(t, newcomer, 'Member#12345');
    const off = await call('PUT', `${F}/favorite-user-update-status`, owner, {
      memberId,
      status: 'INACTIVE',
    });
    expect(off.body.result.status).toBe('INACTIVE');
    const refused = await call('GET', `${O}/get-organization-detail`, member, { organizationId: orgId });
    expect(refused.status).toBe(404);
    expect((await call('GET', `${O}/panel-organization-list`, member)).body.result.total).toBe(0);
    expect((await call('GET', '/api/v1/user/get-user-detail', member)).body.result.isOrganizationMember).toBe(
      false,
    );

    await call('PUT', `${F}/favorite-user-update-status`, owner, { memberId, status: 'ACTIVE' });
    expect(
      (await call('GET', `${O}/get-organization-detail`, member, { organizationId: orgId })).status,
    ).toBe(200);
  });

  it('links an existing account when it accepts, without touching its password; re-sending ends the old link', async () => {
    const existing = await createUser(t, { firstName: 'Eve', lastName: 'Existing' });
    const added = await call('POST', `${F}/add-favorite-user`, owner, {
      organizationId: orgId,
      email: existing.email,
      firstName: 'Eve',
    });
    // Bound to the address, not linked to an account until accepted (docs/account.md).
    expect(added.body.result).toMatchObject({ userId: null, email: existing.email, firstName: 'Eve' });
    const first = await lastLinkTo(existing.email);
    // Someone who already has a password is asked to accept, not to set one.
    const invitation = await lastMessageTo(existing.email);
    expect(invitation?.text).toContain('sign in with your existing password');
    expect(invitation?.text).not.toContain('Set your password');
    const resent = await call('POST', `${F}/send-invite`, owner, { memberId: added.body.result._id });
    expect(resent.status).toBe(200);
    const second = await lastLinkTo(existing.email);
    expect(second).not.toBe(first);
    expect((await call('GET', '/api/v1/user/check-reset-link', undefined, { token: first })).status).toBe(
      400,
    );

    const check = await call('GET', '/api/v1/user/check-reset-link', undefined, { token: second });
    expect(check.body.result.needsPassword).toBe(false);
    const takeover = await call('POST', '/api/v1/user/password-reset', undefined, {
      token: second,
      password: 'Takeover#123',
      confirmPassword: 'Takeover#123',
    });
    expect(takeover.status).toBe(400);
    const accepted = await call('POST', '/api/v1/user/accept-invitation', undefined, { token: second });
    expect(accepted.body.result).toEqual({ organizationName: 'Jazz Club Downtown' });
    const linked = await call('GET', `${F}/favorite-user-detail`, owner, { memberId: added.body.result._id });
    expect(linked.body.result.userId).toBe(existing.id);
    expect(await loginAs(t, existing.email, existing.password)).toBeTruthy();
    const again = await call('POST', `${F}/send-invite`, owner, { memberId: added.body.result._id });
    expect(again.status).toBe(409);
    const reused = await call('POST', '/api/v1/user/accept-invitation', undefined, { token: second });
    expect(reused.status).toBe(400);
  });

  it('lists, searches and filters members; deleting one ends its invitation link', async () => {
    const pending = await call('POST', `${F}/add-favorite-user`, owner, {
      organizationId: orgId,
      email: 'later@example.test',
      sendInvite: false,
    });
    expect(pending.body.message).toBe('later@example.test added to the team.');
    await call('POST', `${F}/send-invite`, owner, { memberId: pending.body.result._id });
    const token = await lastLinkTo('later@example.test');

    const all = await call('GET', `${O}/organization-user-list`, owner, {
      organizationId: orgId,
      sort: 'email',
    });
    expect(all.body.result.total).toBe(3);
    const invited = await call('GET', `${O}/organization-user-list`, owner, {
      organizationId: orgId,
      status: 'INVITED',
    });
    expect(invited.body.result.items.map((m: { email: string }) => m.email)).toEqual(['later@example.test']);
    const search = await call('GET', `${O}/organization-user-list`, owner, {
      organizationId: orgId,
      search: 'nina',
    });
    expect(search.body.result.items.map((m: { email: string }) => m.email)).toEqual([newcomer]);
    const everywhere = await call('GET', `${F}/get-favorite-user-list`, owner, { limit: 2 });
    expect(everywhere.body.result).toMatchObject({ total: 3, limit: 2 });
    expect((await call('GET', `${F}/get-favorite-user-list`, rival)).body.result.total).toBe(0);
    expect((await call('GET', `${F}/get-favorite-user-list`, admin)).body.result.total).toBe(3);

    const memberTries = [
      call('GET', `${F}/favorite-user-detail`, rival, { memberId }),
      call('PUT', `${F}/favorite-user-update-status`, rival, { memberId, status: 'INACTIVE' }),
      call('POST', `${F}/send-invite`, rival, { memberId: pending.body.result._id }),
      call('DELETE', `${F}/delete-favorite-user`, rival, { memberId }),
      call('GET', `${F}/favorite-user-detail`, owner, { memberId: MISSING }),
    ];
    for (const answer of await Promise.all(memberTries)) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('The member was not found.');
    }

    const removed = await call('DELETE', `${F}/delete-favorite-user`, owner, {
      memberId: pending.body.result._id,
    });
    expect(removed.status).toBe(200);
    const dead = await call('POST', '/api/v1/user/password-reset', undefined, {
      token,
      password: 'Later#12345',
      confirmPassword: 'Later#12345',
    });
    expect(dead.status).toBe(400);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, pending.body.result._id), eq(auditLog.action, 'MEMBER_REMOVED')));
    expect(entry?.after).toBeNull();
  });
});

describe('payouts', () => {
  it('onboards through the provider: account created once, status refreshed, dashboard link', async () => {
    const none = await call('POST', '/api/v1/organizer/create-dashboard-link', owner, {
      organizationId: orgId,
    });
    expect(none.status).toBe(409);
    const start = await call('POST', '/api/v1/payment/create-organizer-account', owner, {
      organizationId: orgId,
    });
    expect(start.status).toBe(200);
    expect(start.body.result).toMatchObject({ status: 'PENDING', hasAccount: true, provider: 'sandbox' });
    expect(start.body.result.url).toContain(
      encodeURIComponent(`http://localhost:3000/organizations/${orgId}?tab=payouts&onboarding=return`),
    );
    const again = await call('POST', '/api/v1/payment/create-organizer-account', owner, {
      organizationId: orgId,
    });
    expect(again.status).toBe(200);
    expect(payments.calls.filter((c) => c === `createAccount:${orgId}`)).toHaveLength(1);

    const accountId = [...payments.accounts.entries()].find(([, a]) => a.organizationId === orgId)?.[0] ?? '';
    expect(
      (await call('GET', '/api/v1/payment/get-payout-status', owner, { organizationId: orgId })).body.result
        .status,
    ).toBe('PENDING');
    payments.complete(accountId);
    const status = await call('GET', '/api/v1/payment/get-payout-status', owner, { organizationId: orgId });
    expect(status.body.result.status).toBe('ACTIVE');
    const detail = await call('GET', `${O}/get-organization-detail`, owner, { organizationId: orgId });
    expect(detail.body.result.payoutStatus).toBe('ACTIVE');
    const dashboard = await call('POST', '/api/v1/organizer/create-dashboard-link', owner, {
      organizationId: orgId,
    });
    expect(dashboard.body.result.url).toBe(`https://payments.test/dashboard/${accountId}`);
    const actions = (await auditOf(orgId)).map((e) => e.action);
    expect(actions.slice(-2)).toEqual(['PAYOUT_ACCOUNT_CREATED', 'PAYOUT_STATUS_CHANGED']);
  });
});
