import { REFUND_MESSAGES } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { policyView, type RefundSettingRow } from './refund-policy.js';

const start = new Date('2026-12-10T19:00:00Z');
const at = (iso: string) => new Date(iso);
const setting = (s: Partial<RefundSettingRow> = {}): RefundSettingRow => ({
  refundPolicy: 'UNTIL_HOURS_BEFORE_START',
  refundHoursBeforeStart: 24,
  refundApproval: 'MANUAL',
  refundServiceFee: false,
  ...s,
});

describe('refund policy for buyers', () => {
  it('is open until the last minute before the window closes', () => {
    const view = policyView(setting(), start, at('2026-12-09T18:59:00Z'));
    expect(view).toMatchObject({
      policy: 'UNTIL_HOURS_BEFORE_START',
      hoursBeforeStart: 24,
      deadline: '2026-12-09T19:00:00.000Z',
      open: true,
      closedReason: null,
      summary: 'Refunds until 24 hours before the event starts.',
    });
    expect(policyView(setting(), start, at('2026-12-09T18:59:59.999Z')).open).toBe(true);
  });

  it('is closed exactly at the deadline, saying why', () => {
    const view = policyView(setting(), start, at('2026-12-09T19:00:00Z'));
    expect(view.open).toBe(false);
    expect(view.closedReason).toBe(
      `${REFUND_MESSAGES.policyClosed} Refunds closed 24 hours before the event starts.`,
    );
  });

  it('says "1 hour" in the singular', () => {
    expect(policyView(setting({ refundHoursBeforeStart: 1 }), start, start).summary).toBe(
      'Refunds until 1 hour before the event starts.',
    );
  });

  it('ANY_TIME_BEFORE_START: open a millisecond before the start, closed at and after it', () => {
    const anyTime = setting({ refundPolicy: 'ANY_TIME_BEFORE_START' });
    const before = policyView(anyTime, start, at('2026-12-10T18:59:59.999Z'));
    expect(before).toMatchObject({ open: true, hoursBeforeStart: null, deadline: start.toISOString() });
    expect(before.summary).toBe('Refunds any time before the event starts.');
    expect(policyView(anyTime, start, start).open).toBe(false);
    const after = policyView(anyTime, start, at('2026-12-10T20:00:00Z'));
    expect(after.open).toBe(false);
    expect(after.closedReason).toBe(`${REFUND_MESSAGES.policyClosed} The event has already started.`);
  });

  it('NONE: never open, no deadline', () => {
    const view = policyView(setting({ refundPolicy: 'NONE' }), start, at('2026-01-01T00:00:00Z'));
    expect(view).toMatchObject({
      open: false,
      deadline: null,
      hoursBeforeStart: null,
      closedReason: REFUND_MESSAGES.noRefunds,
      summary: 'This organizer does not offer refunds.',
    });
  });

  it('carries the approval and fee setting', () => {
    const view = policyView(setting({ refundApproval: 'AUTOMATIC', refundServiceFee: true }), start, start);
    expect(view).toMatchObject({ approval: 'AUTOMATIC', refundServiceFee: true });
  });
});
