import { describe, expect, it } from 'vitest';
import { statusText } from './status';

describe('waiting list status text', () => {
  it('names the deadline of an open offer in the event zone, and the status otherwise', () => {
    expect(statusText({ status: 'OFFERED', offerExpiresAt: '2026-11-22T10:00:00.000Z' }, 'UTC')).toMatch(
      /^Offered until .*22.*10:00/,
    );
    expect(statusText({ status: 'WAITING', offerExpiresAt: null }, 'UTC')).toBe('Waiting');
    expect(statusText({ status: 'EXPIRED', offerExpiresAt: null }, 'UTC')).toBe('Offer expired');
  });
});
