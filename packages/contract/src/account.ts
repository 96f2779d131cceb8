import { z } from 'zod';
import { MESSAGES } from './common.js';
import { MediaUrl } from './media.js';
import { defineRoute, envelope, type RoleAccess, type RouteDef } from './route.js';

/** Digits of a one-time code sent by SMS. */
export const OTP_LENGTH = 6;
/** Seconds the console waits before it offers "Resend code". */
export const OTP_RESEND_SECONDS = 30;

export const CountryCode = z
  .string({ error: 'Choose a country code' })
  .trim()
  .regex(/^\+[1-9]\d{0,3}$/, 'Choose a country code such as +1 or +44');

/** A national number: digits, with spaces, dashes, dots or brackets allowed for readability. */
export const PhoneNumber = z
  .string({ error: 'Enter your mobile number' })
  .trim()
  .min(1, 'Enter your mobile number')
  .transform((value) => value.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\d{4,14}$/, 'Enter a mobile number of 4 to 14 digits'));

export const EmailAddress = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'Email address is too long')
  .pipe(z.email('Enter a valid email address'));

export const OtpCode = z
  .string({ error: MESSAGES.verificationCodeRequired })
  .trim()
  .min(1, MESSAGES.verificationCodeRequired)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The code has ${OTP_LENGTH} digits`);

export const NewPassword = z
  .string({ error: 'Enter a new password' })
  .min(1, 'Enter a new password')
  .min(8, 'Use at least 8 characters')
  .max(128, 'Use at most 128 characters');

/** `+<country code><number>`, as stored (E.164). */
export function toE164(countryCode: string, phone: string): string {
  return `${countryCode}${phone}`;
}

const MobileTarget = z.object({ countryCode: CountryCode, phone: PhoneNumber });

/** Forgot password: either a mobile number (a code by SMS) or an email address (a link by email). */
export const ForgotPasswordBody = z
  .object({
    method: z.enum(['MOBILE', 'EMAIL'], { error: 'Choose mobile number or email address' }),
    countryCode: z.string().optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const check = (schema: z.ZodType, field: 'countryCode' | 'phone' | 'email') => {
      const parsed = schema.safeParse(value[field] ?? '');
      if (!parsed.success)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: parsed.error.issues[0]?.message ?? 'Invalid',
        });
    };
    if (value.method === 'MOBILE') {
      check(CountryCode, 'countryCode');
      check(PhoneNumber, 'phone');
    } else {
      check(EmailAddress, 'email');
    }
  })
  // Only the chosen channel's fields travel on, normalized as their schemas normalize them.
  .transform((value) =>
    value.method === 'MOBILE'
      ? {
          method: value.method,
          countryCode: CountryCode.parse(value.countryCode),
          phone: PhoneNumber.parse(value.phone),
        }
      : { method: value.method, email: EmailAddress.parse(value.email) },
  );
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ForgotPasswordResult = z.object({
  method: z.enum(['MOBILE', 'EMAIL']),
  /** Seconds before the console offers to send again. */
  resendAfterSeconds: z.number().int().nonnegative(),
});

export const ResendOtpBody = MobileTarget;
export type ResendOtpBody = z.infer<typeof ResendOtpBody>;

export const VerifyOtpBody = MobileTarget.extend({ code: OtpCode });
export type VerifyOtpBody = z.infer<typeof VerifyOtpBody>;

/**
 * What proves the code step to the reset step: a single-use reset token, valid 15 minutes, of the same
 * kind an emailed reset link carries.
 */
export const VerifyOtpResult = z.object({ resetToken: z.string(), expiresAt: z.iso.datetime() });

const withConfirmation = <T extends z.ZodRawShape>(shape: T, newField: string) =>
  z
    .object(shape)
    .refine(
      (value) =>
        (value as Record<string, unknown>)[newField] === (value as Record<string, unknown>).confirmPassword,
      { path: ['confirmPassword'], message: MESSAGES.passwordMismatch },
    );

export const PasswordResetBody = withConfirmation(
  {
    token: z
      .string({ error: 'The reset link is missing its token' })
      .min(1, 'The reset link is missing its token')
      .max(200),
    password: NewPassword,
    confirmPassword: z.string({ error: 'Confirm the new password' }).min(1, 'Confirm the new password'),
  },
  'password',
);
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const ChangePasswordBody = withConfirmation(
  {
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(256),
    newPassword: NewPassword,
    confirmPassword: z.string({ error: 'Confirm the new password' }).min(1, 'Confirm the new password'),
  },
  'newPassword',
);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const Username = z
  .string({ error: 'Enter a username' })
  .trim()
  .min(3, 'Use at least 3 characters')
  .max(30, 'Use at most 30 characters')
  .regex(/^[A-Za-z0-9_.]+$/, 'Use letters, digits, dots and underscores only');

export const CheckUsernameQuery = z.object({ username: Username });
export const CheckUsernameResult = z.object({ username: z.string(), available: z.boolean() });

export const UpdateProfileBody = z.object({
  firstName: z
    .string({ error: 'Enter your first name' })
    .trim()
    .min(1, 'Enter your first name')
    .max(60, 'Use at most 60 characters'),
  lastName: z
    .string({ error: 'Enter your last name' })
    .trim()
    .min(1, 'Enter your last name')
    .max(60, 'Use at most 60 characters'),
  username: Username,
  /**
   * A new address is not taken at once: it needs `currentPassword`, and becomes the account's email only
   * when the link sent to it is used (confirm-email-change).
   */
  email: EmailAddress,
  /** Required when `email` changes; checked against the account's password. */
  currentPassword: z.string().max(256).optional(),
  /** An uploaded image (upload-media, `/media/…`), an older http(s) URL, or null for none. */
  avatar: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.union([MediaUrl, z.url({ protocol: /^https?$/, error: 'Upload an image' })]))
    .nullable()
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const UpdateProfileResult = z.object({
  /** The address waiting for its confirmation link to be used; null when the email did not change. */
  pendingEmail: z.string().nullable(),
});

/** Hours an email-change confirmation link stays valid. */
export const EMAIL_CHANGE_HOURS = 24;

export const MobileVerificationRequestBody = MobileTarget;
export type MobileVerificationRequestBody = z.infer<typeof MobileVerificationRequestBody>;
export const MobileVerificationBody = MobileTarget.extend({ code: OtpCode });
export type MobileVerificationBody = z.infer<typeof MobileVerificationBody>;

export const NonProfitStatus = z.enum(['NONE', 'PENDING', 'APPROVED', 'REJECTED']);
export type NonProfitStatus = z.infer<typeof NonProfitStatus>;

export const NonProfitBody = z.object({
  legalName: z
    .string({ error: 'Enter the organization legal name' })
    .trim()
    .min(1, 'Enter the organization legal name')
    .max(200, 'Use at most 200 characters'),
  registrationNumber: z
    .string({ error: 'Enter the registration or tax number' })
    .trim()
    .min(1, 'Enter the registration or tax number')
    .max(60, 'Use at most 60 characters'),
  /** The uploaded supporting document (upload-document, `/media/…`), or an older http(s) URL. */
  documentUrl: z
    .string({ error: 'Add the supporting document' })
    .trim()
    .min(1, 'Add the supporting document')
    .max(2000)
    .pipe(z.union([MediaUrl, z.url({ protocol: /^https?$/, error: 'Upload the supporting document' })])),
});
export type NonProfitBody = z.infer<typeof NonProfitBody>;

export const NonProfitDetail = z.object({
  status: NonProfitStatus,
  legalName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  documentUrl: z.string().nullable(),
  submittedAt: z.iso.datetime().nullable(),
});
export type NonProfitDetail = z.infer<typeof NonProfitDetail>;

/** The user calls declare roles only, so there is no resource field for `defineRoute` to check. */
const userRoute = <const T extends Omit<RouteDef, 'tag'> & { access: RoleAccess }>(
  route: T,
): T & { tag: 'User' } => ({ ...route, tag: 'User' });

export const checkMobileForForgotPassword = userRoute({
  method: 'POST',
  path: '/api/v1/user/check-mobile-for-forgot-password',
  summary: 'Start a password reset: a code by SMS, or a reset link by email',
  access: 'public',
  body: ForgotPasswordBody,
  response: envelope(ForgotPasswordResult),
});

export const resendOtp = userRoute({
  method: 'POST',
  path: '/api/v1/user/resend-otp',
  summary: 'Send a new password-reset code to a mobile number',
  access: 'public',
  body: ResendOtpBody,
  response: envelope(ForgotPasswordResult),
});

export const verifyOtp = userRoute({
  method: 'POST',
  path: '/api/v1/user/verify-otp',
  summary: 'Check a password-reset code; answers a short-lived reset token',
  access: 'public',
  body: VerifyOtpBody,
  response: envelope(VerifyOtpResult),
});

export const passwordReset = userRoute({
  method: 'POST',
  path: '/api/v1/user/password-reset',
  summary: 'Set a new password with a reset token (from verify-otp, a reset link or an invitation)',
  access: 'public',
  body: PasswordResetBody,
  response: envelope(z.null()),
});

export const changePassword = userRoute({
  method: 'POST',
  path: '/api/v1/user/change-password',
  summary: "Change the signed-in user's password; ends their other sessions",
  access: 'session',
  body: ChangePasswordBody,
  response: envelope(z.null()),
});

export const checkUsername = userRoute({
  method: 'GET',
  path: '/api/v1/user/check-username',
  summary: 'Whether a username is free (your own counts as free)',
  access: 'session',
  query: CheckUsernameQuery,
  response: envelope(CheckUsernameResult),
});

export const updateProfile = userRoute({
  method: 'PUT',
  path: '/api/v1/user/update-profile',
  summary:
    "Update the signed-in user's name, username and avatar; a new email needs the current password and is confirmed by a link sent to it",
  access: 'session',
  body: UpdateProfileBody,
  response: envelope(UpdateProfileResult),
});

export const confirmEmailChange = userRoute({
  method: 'POST',
  path: '/api/v1/user/confirm-email-change',
  summary: 'Confirm a new email address with the link sent to it; the old address is told',
  access: 'public',
  body: z.object({
    token: z
      .string({ error: 'The link is missing its token' })
      .min(1, 'The link is missing its token')
      .max(200),
  }),
  response: envelope(z.object({ email: z.string() })),
});

export const checkMobileForVerification = userRoute({
  method: 'POST',
  path: '/api/v1/user/check-mobile-for-verification',
  summary: 'Send a verification code to a new mobile number',
  access: 'session',
  body: MobileVerificationRequestBody,
  response: envelope(ForgotPasswordResult.pick({ resendAfterSeconds: true })),
});

export const mobileVerification = userRoute({
  method: 'POST',
  path: '/api/v1/user/mobile-verification',
  summary: 'Confirm a mobile number with its code; it becomes the verified phone',
  access: 'session',
  body: MobileVerificationBody,
  response: envelope(z.null()),
});

export const updateNonProfitExemptionDetail = userRoute({
  method: 'POST',
  path: '/api/v1/user/update-non-profit-excemtion-detail',
  summary: 'Request a non-profit exemption (pending until an administrator decides)',
  access: 'session',
  body: NonProfitBody,
  response: envelope(NonProfitDetail),
});

/** What a `/reset-link/:token` link is for, so the page asks for a password only when one is needed. */
export const CheckResetLinkResult = z.object({
  purpose: z.enum(['PASSWORD_RESET', 'INVITATION']),
  /** False for an invitation to someone who already has a password: they only accept. */
  needsPassword: z.boolean(),
  email: z.string(),
  /** The organization an invitation is for, when there is one. */
  organizationName: z.string().nullable(),
});
export type CheckResetLinkResult = z.infer<typeof CheckResetLinkResult>;

const LinkToken = z
  .string({ error: 'The link is missing its token' })
  .min(1, 'The link is missing its token')
  .max(200);

export const checkResetLink = defineRoute({
  method: 'GET',
  path: '/api/v1/user/check-reset-link',
  summary: 'What a reset or invitation link is for (400 when it expired or was used)',
  tag: 'User',
  access: 'public',
  query: z.object({ token: LinkToken }),
  response: envelope(CheckResetLinkResult),
});

export const acceptInvitation = defineRoute({
  method: 'POST',
  path: '/api/v1/user/accept-invitation',
  summary: 'Accept an organization invitation with the link of its email (for people who have a password)',
  tag: 'User',
  access: 'public',
  body: z.object({ token: LinkToken }),
  response: envelope(z.object({ organizationName: z.string().nullable() })),
});
