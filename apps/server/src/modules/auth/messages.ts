export const BLOCKED_MESSAGE = 'Your account has been blocked. Please contact support.';
export const INVALID_CREDENTIALS = 'Incorrect email, username or password.';

export function lockedMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts. Your account is locked for ${minutes} minute${minutes === 1 ? '' : 's'}; try again later or reset your password.`;
}
