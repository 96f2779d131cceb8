import * as c from '@marquee/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../test/helpers.js';
import { outboxMessages, users } from '../../db/schema/index.js';

/**
 * Account changes are audited like every other change (docs/security.md, "Account changes in the audit
 * log"): one entry per change, naming the account's own user as the actor, shown on the audit-log
 * screen, and never holding a password hash, a code or a token.
 */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://console.example.test' } });
  const admin = await createUser(t, { role: 'ADMIN' });
  adminToken = await loginAs(t, admin.email, admin.password);
});
afterAll(() => t.close());

/** The newest message the outbox holds for an address or number. */
async function lastMessageTo(to: string) {
  const [message] = await t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  if (!message) throw new Error(`nothing was sent to ${to}`);
  return message;
}

/** The audit entries of one account, as the audit-log screen lists them. */
async function entriesOf(userId: string, action?: string) {
  const answer = await call(t, c.getAuditLogList, {
    token: adminToken,
    query: { entityType: 'USER', entityId: userId, limit: 100, ...(action ? { action } : {}) },
  });
  expect(answer.status).toBe(200);
  return answer.body.result.items;
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

/** Exactly one entry of `action` on the account, by its own user, holding none of the secrets given. */
async function oneEntry(user: { id: string }, action: string, secrets: string[]) {
  const entries = await entriesOf(user.id, action);
  expect(entries).toHaveLength(1);
  const entry = entries[0];
  if (!entry) throw new Error('no entry');
  expect(entry.actor?._id).toBe(user.id);
  expect(entry.actorRole).toBe('USER');
  expect(entry.entityType).toBe('USER');
  expect(entry.entityId).toBe(user.id);
  expect(keysOf([entry.before, entry.after]).filter((key) => /hash|code|token/i.test(key))).toEqual([]);
  const text = JSON.stringify(entry);
  for (const secret of secrets) expect(text).not.toContain(secret);
  return entry;
}

const hashOf = async (id: string) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash ?? '';

describe('account changes in the audit log', () => {
  it('a password change: PASSWORD_CHANGED by the user, no hash', async () => {
    const user = await createUser(t);
    const token = await loginAs(t, user.email, user.password);
    const oldHash = await hashOf(user.id);
    const answer = await call(t, c.changePassword, {
      token,
      body: {
        currentPassword: user.password,
        newPassword: 'Changed#12345',
        confirmPassword: 'Changed#12345',
      },
    });
    expect(answer.status).toBe(200);
    const entry = await oneEntry(user, 'PASSWORD_CHANGED', [
      oldHash,
      await hashOf(user.id),
      'Changed#12345',
      user.password,
      token,
    ]);
    expect(entry.after).toMatchObject({ passwordChangedAt: expect.any(String) });
  });

  it('a reset by emailed link (no session): PASSWORD_RESET naming the account, no link token or hash', async () => {
    const user = await createUser(t);
    const asked = await call(t, c.checkMobileForForgotPassword, {
      body: { method: 'EMAIL', email: user.email },
    });
    expect(asked.status).toBe(200);
    const link = (await lastMessageTo(user.email)).text.match(/\/reset-link\/([\w-]+)/)?.[1] ?? '';
    expect(link).not.toBe('');
    const reset = await call(t, c.passwordReset, {
      body: { token: link, password: 'Reset#123456', confirmPassword: 'Reset#123456' },
    });
    expect(reset.status).toBe(200);
    const entry = await oneEntry(user, 'PASSWORD_RESET', [link, await hashOf(user.id), 'Reset#123456']);
    expect(entry.after).toMatchObject({ via: 'PASSWORD_RESET', passwordChangedAt: expect.any(String) });
  });

  it('an email change: asked on the profile (PROFILE_UPDATED), done by its link (EMAIL_CHANGED, before and after)', async () => {
    const user = await createUser(t);
    const session = await loginAs(t, user.email, user.password);
    const newEmail = `moved-${user.username}@example.test`;
    const asked = await call(t, c.updateProfile, {
      token: session,
      body: {
        firstName: 'Test',
        lastName: 'Renamed',
        username: user.username,
        email: newEmail,
        currentPassword: user.password,
      },
    });
    expect(asked.status).toBe(200);
    const link = (await lastMessageTo(newEmail)).text.match(/\/confirm-email\/([\w-]+)/)?.[1] ?? '';
    expect(link).not.toBe('');
    const profile = await oneEntry(user, 'PROFILE_UPDATED', [link, user.password]);
    expect(profile.before).toEqual({ lastName: 'User' });
    expect(profile.after).toEqual({ lastName: 'Renamed', pendingEmail: newEmail });

    const confirmed = await call(t, c.confirmEmailChange, { body: { token: link } });
    expect(confirmed.status).toBe(200);
    const changed = await oneEntry(user, 'EMAIL_CHANGED', [link]);
    expect(changed.before).toEqual({ email: user.email });
    expect(changed.after).toEqual({ email: newEmail });
  });

  it('a mobile verification: MOBILE_VERIFIED with the number and flag, never the code', async () => {
    const user = await createUser(t);
    const token = await loginAs(t, user.email, user.password);
    const national = `2025${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const phone = { countryCode: '+1', phone: national };
    expect((await call(t, c.checkMobileForVerification, { token, body: phone })).status).toBe(200);
    const code = (await lastMessageTo(`+1${national}`)).text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toHaveLength(6);
    const verified = await call(t, c.mobileVerification, { token, body: { ...phone, code } });
    expect(verified.status).toBe(200);
    const entry = await oneEntry(user, 'MOBILE_VERIFIED', [code]);
    expect(entry.before).toEqual({ phone: null, phoneVerified: false });
    expect(entry.after).toEqual({ phone: `+1${national}`, phoneVerified: true });
  });

  it('an organizer request and a non-profit request: each one entry with the status before and after', async () => {
    const user = await createUser(t);
    const token = await loginAs(t, user.email, user.password);
    const organizer = await call(t, c.requestOrganizerAccess, {
      token,
      body: {
        organizationName: 'Audit Yoga',
        description: 'Weekly yoga classes in the park for beginners.',
        website: '',
        countryCode: '+1',
        phone: '555 010 8888',
      },
    });
    expect(organizer.status).toBe(200);
    const asked = await oneEntry(user, 'ORGANIZER_REQUEST_SENT', [token]);
    expect(asked.before).toEqual({ organizerRequest: 'NONE' });
    expect(asked.after).toMatchObject({
      organizerRequest: 'PENDING',
      details: { organizationName: 'Audit Yoga', website: null },
    });

    const body = {
      legalName: 'Audit Friends e.V.',
      registrationNumber: 'VR 777',
      documentUrl: 'https://cdn.example.test/audit.pdf',
    };
    expect((await call(t, c.updateNonProfitExemptionDetail, { token, body })).status).toBe(200);
    const first = await oneEntry(user, 'NON_PROFIT_REQUESTED', [token]);
    expect(first.before).toEqual({ nonProfit: null });
    expect(first.after).toEqual({ nonProfit: 'PENDING', details: body });
    // New details for a pending request: a second entry, from PENDING.
    const again = { ...body, registrationNumber: 'VR 778' };
    expect((await call(t, c.updateNonProfitExemptionDetail, { token, body: again })).status).toBe(200);
    const both = await entriesOf(user.id, 'NON_PROFIT_REQUESTED');
    expect(both.map((e) => e.before)).toEqual([{ nonProfit: 'PENDING' }, { nonProfit: null }]);
  });

  // After the changes above (this file's tests run in order).
  it('the audit-log screen offers the account actions in its filters', async () => {
    const answer = await call(t, c.getAuditFilterOptions, { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body.result.actions).toEqual(
      expect.arrayContaining([
        'PASSWORD_CHANGED',
        'PASSWORD_RESET',
        'PROFILE_UPDATED',
        'EMAIL_CHANGED',
        'MOBILE_VERIFIED',
        'ORGANIZER_REQUEST_SENT',
        'NON_PROFIT_REQUESTED',
      ]),
    );
    expect(answer.body.result.entityTypes).toContain('USER');
  });
});
