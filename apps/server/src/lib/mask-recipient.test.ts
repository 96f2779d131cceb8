import { describe, expect, it } from 'vitest';
import { maskRecipient } from './mask-recipient.js';

describe('maskRecipient', () => {
  it('keeps the first letter and the domain of an address, and the ends of a number', () => {
    expect(maskRecipient('bea@example.net')).toBe('b***@example.net');
    expect(maskRecipient('+447700900123')).toBe('+44********23');
    expect(maskRecipient('123')).toBe('***');
  });
});
