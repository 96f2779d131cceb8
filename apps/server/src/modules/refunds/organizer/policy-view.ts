import { REFUND_MESSAGES, type RefundPolicyView } from '@marquee/contract';
import type { OrganizationRow } from '../../../db/schema/index.js';

/**
 * What the organization's refund setting allows a buyer now (organizers and administrators may refund
 * any paid order at any time; this is shown to them as the buyer's rule). `start`: the booking's
 * occurrence start, or the event's first start for a course.
 */
export function refundPolicyView(
  organization: Pick<
    OrganizationRow,
    'refundPolicy' | 'refundHoursBeforeStart' | 'refundApproval' | 'refundServiceFee'
  >,
  start: Date | null,
  now: Date,
): RefundPolicyView {
  const base = {
    policy: organization.refundPolicy,
    hoursBeforeStart:
      organization.refundPolicy === 'UNTIL_HOURS_BEFORE_START'
        ? (organization.refundHoursBeforeStart ?? 0)
        : null,
    approval: organization.refundApproval,
    refundServiceFee: organization.refundServiceFee,
  };
  if (organization.refundPolicy === 'NONE') {
    return {
      ...base,
      deadline: null,
      open: false,
      closedReason: REFUND_MESSAGES.noRefunds,
      summary: 'No refunds.',
    };
  }
  const hours = base.hoursBeforeStart ?? 0;
  const deadline = start ? new Date(start.getTime() - hours * 3_600_000) : null;
  const open = deadline === null || now < deadline;
  return {
    ...base,
    deadline: deadline?.toISOString() ?? null,
    open,
    closedReason: open ? null : REFUND_MESSAGES.policyClosed,
    summary:
      organization.refundPolicy === 'ANY_TIME_BEFORE_START'
        ? 'Refunds any time before the event starts.'
        : `Refunds until ${hours} ${hours === 1 ? 'hour' : 'hours'} before the event starts.`,
  };
}
