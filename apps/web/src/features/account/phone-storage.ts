import { clearPhone, getStoredPhone, savePhone } from '../../lib/storage';

/** The number a code was sent to, carried from forgot-password to otp-verification. */
export function rememberPhone(countryCode: string, phone: string) {
  savePhone(`${countryCode} ${phone}`);
}

export function storedPhone(): { countryCode: string; phone: string } | null {
  const [countryCode, phone] = (getStoredPhone() ?? '').split(' ');
  return countryCode && phone ? { countryCode, phone } : null;
}

export { clearPhone };
