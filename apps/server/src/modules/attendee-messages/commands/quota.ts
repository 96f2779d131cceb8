import { ATTENDEE_MESSAGE_MESSAGES as M } from '@marquee/contract';
import type { Change } from '../../../db/unit-of-work.js';
import { AppError, conflict } from '../../../lib/errors.js';
import { quotaOf, takeQuota } from '../repo.js';
import type { AttendeeMessageDeps } from './deps.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The clock hour and UTC day a change falls in: the windows the limits count. */
export function windowsOf(now: Date) {
  return {
    hourStart: new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS),
    dayStart: new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS),
  };
}

const tooMany = (message: string, until: Date, now: Date) =>
  new AppError(429, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))),
  });

/**
 * Takes one send (`sends`: 1, or 0 for a test) and its recipients from the organization's allowance
 * in the change's transaction, decided by PostgreSQL (takeQuota's guarded UPDATE); refused with 429
 * and Retry-After (the end of the hour or of the UTC day), or 409 for an audience no day could hold.
 */
export async function spendAllowance(
  change: Change,
  deps: AttendeeMessageDeps,
  organizationId: string,
  use: { sends: number; recipients: number },
): Promise<void> {
  const { sendsPerHour, recipientsPerDay } = deps.limits;
  if (use.recipients > recipientsPerDay) throw conflict(M.audienceTooLarge(recipientsPerDay));
  const windows = windowsOf(change.now);
  const taken = await takeQuota(change.tx, {
    organizationId,
    ...windows,
    ...use,
    maxSends: sendsPerHour,
    maxRecipients: recipientsPerDay,
  });
  if (taken) return;
  const row = await quotaOf(change.tx, organizationId);
  const sendsNow = row && row.hourStart.getTime() === windows.hourStart.getTime() ? row.sendsInHour : 0;
  if (sendsNow + use.sends > sendsPerHour) {
    const until = new Date(windows.hourStart.getTime() + HOUR_MS);
    const minutes = Math.max(1, Math.ceil((until.getTime() - change.now.getTime()) / 60_000));
    throw tooMany(M.tooManySends(sendsPerHour, minutes), until, change.now);
  }
  const recipientsNow =
    row && row.dayStart.getTime() === windows.dayStart.getTime() ? row.recipientsInDay : 0;
  throw tooMany(
    M.tooManyRecipients(recipientsPerDay, Math.max(0, recipientsPerDay - recipientsNow)),
    new Date(windows.dayStart.getTime() + DAY_MS),
    change.now,
  );
}
