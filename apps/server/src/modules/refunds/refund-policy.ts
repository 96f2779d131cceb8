import { REFUND_MESSAGES, type RefundPolicyView } from '@marquee/contract';
import type { OrganizationRow } from './repo/rows.js';

/** The organization's refund setting as stored (docs/refunds.md, "What buyers may ask for"). */
export type RefundSettingRow = Pick<
  OrganizationRow,
  'refundPolicy' | 'refundHoursBeforeStart' | 'refundApproval' | 'refundServiceFee'
>;

const HOUR = 3_600_000;
const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

/**
 * What the setting allows a buyer for one booking at `now`. `startsAt` is the start that counts: the
 * booking's date, or the course's first session. The deadline is the first instant refunds are closed
 * (asking exactly at it is too late). It limits buyers only: organizers refund any paid order any time.
 */
export function policyView(setting: RefundSettingRow, startsAt: Date | null, now: Date): RefundPolicyView {
  const base = {
    policy: setting.refundPolicy,
    hoursBeforeStart:
      setting.refundPolicy === 'UNTIL_HOURS_BEFORE_START' ? (setting.refundHoursBeforeStart ?? 0) : null,
    approval: setting.refundApproval,
    refundServiceFee: setting.refundServiceFee,
  };
  if (setting.refundPolicy === 'NONE') {
    return {
      ...base,
      deadline: null,
      open: false,
      closedReason: REFUND_MESSAGES.noRefunds,
      summary: 'This organizer does not offer refunds.',
    };
  }
  const before = base.hoursBeforeStart ?? 0;
  const summary =
    setting.refundPolicy === 'ANY_TIME_BEFORE_START' || before === 0
      ? 'Refunds any time before the event starts.'
      : `Refunds until ${hours(before)} before the event starts.`;
  // An event without a start (a draft's booking cannot exist) has no window to close.
  if (!startsAt) return { ...base, deadline: null, open: true, closedReason: null, summary };
  const deadline = new Date(startsAt.getTime() - before * HOUR);
  const open = now.getTime() < deadline.getTime();
  return {
    ...base,
    deadline: deadline.toISOString(),
    open,
    closedReason: open
      ? null
      : now.getTime() >= startsAt.getTime()
        ? `${REFUND_MESSAGES.policyClosed} The event has already started.`
        : `${REFUND_MESSAGES.policyClosed} Refunds closed ${hours(before)} before the event starts.`,
    summary,
  };
}
