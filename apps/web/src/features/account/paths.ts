export const ACCOUNT_PATHS = {
  forgotPassword: '/forgot-password',
  otpVerification: '/otp-verification',
  resetPassword: '/reset-password',
  /** The link of a reset email or an organization invitation; `:token` is the single-use token. */
  resetLink: '/reset-link/:token',
  /** The link of an email-change confirmation, sent to the new address. */
  confirmEmail: '/confirm-email/:token',
  myProfile: '/my-profile',
  changePassword: '/change-password',
} as const;
