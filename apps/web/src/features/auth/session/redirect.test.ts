import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTargetFrom } from './redirect';

const target = (redirect: string) => redirectTargetFrom(new URLSearchParams({ redirect }));

describe('login redirect', () => {
  it('remembers the requested page, query and hash', () => {
    expect(loginPathFor({ pathname: '/orders/42', search: '?tab=tickets', hash: '#top' })).toBe(
      `/login?redirect=${encodeURIComponent('/orders/42?tab=tickets#top')}`,
    );
    expect(loginPathFor({ pathname: '/login', search: '?redirect=%2Forders' })).toBe('/login');
  });

  it('returns to same-origin paths only', () => {
    expect(target('/orders/42?tab=tickets')).toBe('/orders/42?tab=tickets');
    expect(redirectTargetFrom(new URLSearchParams())).toBe('/dashboard');
    expect(target('https://evil.example')).toBe('/dashboard');
    expect(target('//evil.example')).toBe('/dashboard');
    expect(target('/\\evil.example')).toBe('/dashboard');
    expect(target('/login?redirect=/x')).toBe('/dashboard');
  });
});
