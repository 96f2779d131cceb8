import { OrganizerRequest } from '@marquee/contract';
import { decodeBase64, encodeBase64 } from './base64';

/** Every browser-stored item of the console (also listed in docs/security.md). */
export const STORAGE_KEYS = {
  /** Opaque session token sent as the `accesstoken` header. */
  accessToken: 'marquee.accessToken',
  /** Signed-in user's id, base64. */
  userId: 'marquee.userId',
  /** Signed-in user's organizer request status, base64. */
  organizerRequest: 'marquee.organizerRequest',
  /** Social login account id, base64. */
  socialId: 'marquee.socialId',
  /** Provider whose end-session logout visits (only providers that have one), base64. */
  socialSignOut: 'marquee.socialSignOut',
  /** Email or username the current session signed in with. */
  email: 'marquee.email',
  /** Email or username kept by "Remember me" to prefill the login form; survives logout. */
  rememberEmail: 'marquee.rememberEmail',
  /** Named by the spec but never written: passwords do not belong in web storage. Removed if found. */
  rememberPassword: 'marquee.rememberPassword',
  /** Phone number carried between the steps of the forgot-password and verification flows. */
  phone: 'marquee.phone',
  /** The signed-in user's last loaded profile (JSON), so the console opens with no network (the door). */
  offlineProfile: 'marquee.offlineProfile',
  /** This browser's name at the door ("Door-7F3K2A"), shown in the scan history; survives logout. */
  doorDeviceId: 'marquee.doorDeviceId',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can be missing or throw (disabled cookies, some private modes); the console then works
// for the current page only instead of crashing.
function read(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // See read(): nothing sensible to do when storage refuses a write.
  }
}

function remove(key: StorageKey): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // See read().
  }
}

function readEncoded(key: StorageKey): string | null {
  const value = read(key);
  return value === null ? null : decodeBase64(value);
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken);
}

export interface StoredSession {
  accessToken: string;
  userId: string;
  organizerRequest: OrganizerRequest;
  email: string;
}

export function saveSession(session: StoredSession): void {
  write(STORAGE_KEYS.accessToken, session.accessToken);
  write(STORAGE_KEYS.userId, encodeBase64(session.userId));
  write(STORAGE_KEYS.organizerRequest, encodeBase64(session.organizerRequest));
  write(STORAGE_KEYS.email, session.email);
}

/** Forgets the session; the remembered login email stays so the login form can prefill it. */
export function clearSession(): void {
  remove(STORAGE_KEYS.accessToken);
  remove(STORAGE_KEYS.userId);
  remove(STORAGE_KEYS.organizerRequest);
  remove(STORAGE_KEYS.socialId);
  remove(STORAGE_KEYS.socialSignOut);
  remove(STORAGE_KEYS.email);
  remove(STORAGE_KEYS.rememberPassword);
  remove(STORAGE_KEYS.offlineProfile);
}

export function getStoredUserId(): string | null {
  return readEncoded(STORAGE_KEYS.userId);
}

export function getStoredOrganizerRequest(): OrganizerRequest | null {
  const parsed = OrganizerRequest.safeParse(readEncoded(STORAGE_KEYS.organizerRequest));
  return parsed.success ? parsed.data : null;
}

export function getStoredEmail(): string | null {
  return read(STORAGE_KEYS.email);
}

export function getRememberedEmail(): string | null {
  return read(STORAGE_KEYS.rememberEmail);
}

export function rememberEmail(email: string): void {
  write(STORAGE_KEYS.rememberEmail, email);
}

export function forgetRememberedEmail(): void {
  remove(STORAGE_KEYS.rememberEmail);
}

export function getSocialId(): string | null {
  return readEncoded(STORAGE_KEYS.socialId);
}

export function saveSocialId(socialId: string): void {
  write(STORAGE_KEYS.socialId, encodeBase64(socialId));
}

export function clearSocialId(): void {
  remove(STORAGE_KEYS.socialId);
}

export function getSocialSignOutProvider(): string | null {
  return readEncoded(STORAGE_KEYS.socialSignOut);
}

export function saveSocialSignOutProvider(provider: string): void {
  write(STORAGE_KEYS.socialSignOut, encodeBase64(provider));
}

export function clearSocialSignOutProvider(): void {
  remove(STORAGE_KEYS.socialSignOut);
}

export function getStoredPhone(): string | null {
  return read(STORAGE_KEYS.phone);
}

export function savePhone(phone: string): void {
  write(STORAGE_KEYS.phone, phone);
}

export function clearPhone(): void {
  remove(STORAGE_KEYS.phone);
}

/** The profile as last loaded, for opening the console offline; the caller checks its shape and owner. */
export function getOfflineProfile(): unknown {
  const text = read(STORAGE_KEYS.offlineProfile);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function saveOfflineProfile(profile: unknown): void {
  write(STORAGE_KEYS.offlineProfile, JSON.stringify(profile));
}

export function getDoorDeviceId(): string | null {
  return read(STORAGE_KEYS.doorDeviceId);
}

/** False when storage refused it (the id then lasts for this page only). */
export function saveDoorDeviceId(id: string): boolean {
  write(STORAGE_KEYS.doorDeviceId, id);
  return read(STORAGE_KEYS.doorDeviceId) === id;
}
