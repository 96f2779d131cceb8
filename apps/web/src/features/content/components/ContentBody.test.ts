import { describe, expect, it } from 'vitest';
import { paragraphsOf } from './ContentBody';

describe('content body format', () => {
  it('splits paragraphs on blank lines (also whitespace-only ones) and drops empty ones', () => {
    expect(paragraphsOf('One\nstill one\n\nTwo\n  \nThree\n\n\n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
    expect(paragraphsOf('   ')).toEqual([]);
  });
});
