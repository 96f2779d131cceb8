export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
/** The reset token verify-otp answers: enough time to type a new password, no more. */
export const OTP_RESET_TOKEN_MINUTES = 15;
export const RESET_LINK_MINUTES = 60;

export const INVITATION_INVALID =
  'This invitation has expired, was already used or was cancelled. Ask the organizer to send a new one.';
export const INVITATION_HAS_ACCOUNT =
  'This invitation is for an account that already has a password: accept it instead of setting one.';
export const INVITATION_NEEDS_PASSWORD = 'Set a password to accept this invitation.';

export const CODE_INVALID = 'That code is not valid or has expired. Check it or request a new code.';
export const CODE_EXHAUSTED = 'Too many wrong codes. Please request a new code.';
export const EMAIL_CHANGE_INVALID =
  'This confirmation link has expired or was already used. Change the email on your profile again to get a new one.';
export const RESET_TOKEN_INVALID =
  'This reset link or code has expired or was already used. Please start again from "Forgot password".';

export const USERNAME_TAKEN = 'This username is already taken.';
export const EMAIL_TAKEN = 'This email address is already used by another account.';
export const PASSWORD_FOR_EMAIL = 'Enter your current password to change your email address.';
export const PASSWORD_WRONG = 'Your current password is not correct.';
export const PHONE_TAKEN = 'This mobile number is already verified on another account.';
