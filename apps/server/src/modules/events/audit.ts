import type { EventAction } from '@marquee/contract';

/** The audit entries' entity type for an event (the audit-log screen filters on it). */
export const EVENT_ENTITY = 'EVENT';

/** Audit action of each moderation action, in the house style (past tense, UPPER_SNAKE). */
export const MODERATION_AUDIT_ACTIONS: Record<EventAction, string> = {
  BLOCK: 'EVENT_BLOCKED',
  UNBLOCK: 'EVENT_UNBLOCKED',
  VERIFY: 'EVENT_VERIFIED',
  UNVERIFY: 'EVENT_UNVERIFIED',
  REPORT: 'EVENT_REPORTED',
  UNREPORT: 'EVENT_UNREPORTED',
  ARCHIVE: 'EVENT_ARCHIVED',
  UNARCHIVE: 'EVENT_UNARCHIVED',
  DELETE: 'EVENT_DELETED',
};
