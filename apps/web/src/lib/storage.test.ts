import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getStoredOrganizerRequest,
  getStoredUserId,
  rememberEmail,
  STORAGE_KEYS,
  saveSession,
  saveSocialId,
} from './storage';

describe('storage', () => {
  it('stores the ids base64-encoded and reads them back', () => {
    saveSession({
      accessToken: 'tok',
      userId: 'user-1',
      organizerRequest: 'PENDING',
      email: 'ada@example.com',
    });
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe(btoa('user-1'));
    expect(getStoredUserId()).toBe('user-1');
    expect(getStoredOrganizerRequest()).toBe('PENDING');
  });

  it('treats a tampered organizer-request value as absent', () => {
    localStorage.setItem(STORAGE_KEYS.organizerRequest, btoa('SUPERUSER'));
    expect(getStoredOrganizerRequest()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.organizerRequest, '%%%');
    expect(getStoredOrganizerRequest()).toBeNull();
  });

  it('clears the session but keeps the remembered email', () => {
    saveSession({ accessToken: 'tok', userId: 'user-1', organizerRequest: 'NONE', email: 'ada@example.com' });
    saveSocialId('social-1');
    rememberEmail('ada@example.com');
    localStorage.setItem(STORAGE_KEYS.rememberPassword, 'secret');
    clearSession();
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.rememberEmail]);
  });
});
