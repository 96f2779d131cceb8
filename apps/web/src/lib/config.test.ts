import { describe, expect, it } from 'vitest';
import { parseBaseUrls } from './config';

describe('parseBaseUrls', () => {
  it('defaults to three same-origin hosts', () => {
    expect(parseBaseUrls(undefined)).toEqual(['', '', '']);
    expect(parseBaseUrls(' , ')).toEqual(['', '', '']);
  });

  it('reads a comma-separated list and drops trailing slashes', () => {
    expect(parseBaseUrls('https://a.example/, https://b.example ,https://c.example//')).toEqual([
      'https://a.example',
      'https://b.example',
      'https://c.example',
    ]);
  });
});
