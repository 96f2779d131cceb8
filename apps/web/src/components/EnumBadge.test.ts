import { describe, expect, it } from 'vitest';
import { enumLabel, humanizeEnum } from './EnumBadge';

describe('enum labels', () => {
  it('says enum values in words', () => {
    expect(enumLabel('BOTH')).toBe('Before and after login');
    expect(enumLabel('AFTER_LOGIN')).toBe('After login');
    expect(enumLabel('ACTIVE')).toBe('Active');
    expect(enumLabel('BOTH', { BOTH: 'Both ways' })).toBe('Both ways');
  });
  it('never shows an unknown value raw', () => {
    expect(humanizeEnum('NOT_STARTED')).toBe('Not started');
    expect(enumLabel('SOMETHING_NEW')).toBe('Something new');
  });
});
