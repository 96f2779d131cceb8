import { audit } from '../../db/audit.js';
import type { Change } from '../../db/unit-of-work.js';

/** The audit actions of a person's own account changes (the audit-log screen lists what the log holds). */
export const ACCOUNT_AUDIT = {
  passwordChanged: 'PASSWORD_CHANGED',
  passwordReset: 'PASSWORD_RESET',
  profileUpdated: 'PROFILE_UPDATED',
  emailChanged: 'EMAIL_CHANGED',
  mobileVerified: 'MOBILE_VERIFIED',
  organizerRequestSent: 'ORGANIZER_REQUEST_SENT',
  nonProfitRequested: 'NON_PROFIT_REQUESTED',
} as const;

interface AccountEntry {
  action: (typeof ACCOUNT_AUDIT)[keyof typeof ACCOUNT_AUDIT];
  /** Only what changed, never a password hash, a code or a token (docs/security.md, "Account changes"). */
  before?: object | null;
  after?: object | null;
}

/**
 * One audit entry on the account (`USER`, its id) in the change's transaction. The person acting is
 * always the account's own user: signed in, the unit of work names them (`change.audit`); through a
 * link without a session (a reset or an email confirmation) the unit of work knows no one, so the entry
 * names the account the link was for, as an accepted invitation does.
 */
export function auditAccount(change: Change, userId: string, entry: AccountEntry) {
  const record = { ...entry, entityType: 'USER', entityId: userId };
  const { who } = change;
  if ('actor' in who && who.actor.user.id === userId) return change.audit(record);
  return audit.record(change.tx, { userId, requestId: who.requestId }, record, change.now);
}
