/**
 * Every outbound message of the product, in one place: email as plain text plus HTML, SMS as text.
 */
export const PRODUCT_NAME = 'Marquee';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON inside an HTML data block: no `<` (so no `</script>` or `<!--` can end or change the block), and
 * nothing else HTML or JavaScript would read specially.
 */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** The shared HTML frame: one column, inline styles (mail clients ignore stylesheets). */
function htmlFrame(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4c6ef5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;background:#f8f9fa;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}<p style="margin:24px 0 0;font-size:12px;color:#868e96">${PRODUCT_NAME}: the organizer and admin console</p></div></body></html>`;
}

/** An email in the product's one layout: a title, paragraphs and an optional button (text and HTML). */
export function composeEmail(
  subject: string,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): EmailContent {
  const text = [
    title,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    `${PRODUCT_NAME}: the organizer and admin console`,
  ].join('\n');
  return { subject, text, html: htmlFrame(title, paragraphs, action) };
}

export const templates = {
  passwordResetCodeSms: (code: string, minutes: number) =>
    `${PRODUCT_NAME}: your password reset code is ${code}. It expires in ${minutes} minutes. Never share it.`,

  mobileVerificationSms: (code: string, minutes: number) =>
    `${PRODUCT_NAME}: your verification code is ${code}. It expires in ${minutes} minutes.`,

  passwordResetEmail: (options: { firstName: string; url: string; minutes: number }) =>
    composeEmail(
      `Reset your ${PRODUCT_NAME} password`,
      'Reset your password',
      [
        `Hello ${options.firstName || 'there'},`,
        `Someone asked to reset the password of your ${PRODUCT_NAME} account. The link below works once and expires in ${options.minutes} minutes.`,
        'If it was not you, ignore this email: your password stays as it is.',
      ],
      { label: 'Choose a new password', url: options.url },
    ),

  /** For organization invitations: the link leads to the same page, where the person sets a first password. */
  invitationEmail: (options: {
    organizationName: string;
    inviterName: string;
    url: string;
    days: number;
    /** False for someone who already has a Marquee password: they only accept. */
    needsPassword: boolean;
  }) =>
    composeEmail(
      `You are invited to ${options.organizationName} on ${PRODUCT_NAME}`,
      `Join ${options.organizationName}`,
      [
        `${options.inviterName} invited you to help run ${options.organizationName} on ${PRODUCT_NAME}.`,
        options.needsPassword
          ? `Set your password with the link below; it expires in ${options.days} days.`
          : `Accept with the link below and sign in with your existing password; it expires in ${options.days} days.`,
      ],
      { label: options.needsPassword ? 'Set your password' : 'Accept the invitation', url: options.url },
    ),

  /** Sent to the new address: the change happens only when this link is used. */
  emailChangeConfirmation: (options: { firstName: string; newEmail: string; url: string; hours: number }) =>
    composeEmail(
      `Confirm your new ${PRODUCT_NAME} email address`,
      'Confirm your new email address',
      [
        `Hello ${options.firstName || 'there'},`,
        `You asked to use ${options.newEmail} for your ${PRODUCT_NAME} account. The change happens when you open the link below; it works once and expires in ${options.hours} hours.`,
        'If it was not you, ignore this email: the account keeps its current address.',
      ],
      { label: 'Confirm this address', url: options.url },
    ),

  /** Sent to the old address once the new one is confirmed. */
  emailChangedNotice: (options: { firstName: string; newEmail: string }) =>
    composeEmail(`Your ${PRODUCT_NAME} email address was changed`, 'Your email address was changed', [
      `Hello ${options.firstName || 'there'},`,
      `The email address of your ${PRODUCT_NAME} account is now ${options.newEmail}. Sign-in and messages use the new address from now on.`,
      'If you did not make this change, reset your password and contact support at once.',
    ]),

  /** Sent to every administrator when a buyer asks to become an organizer. */
  organizerRequestEmail: (options: {
    applicantName: string;
    applicantEmail: string;
    organizationName: string;
    description: string;
    website: string | null;
    phone: string;
  }) =>
    composeEmail(`Organizer request: ${options.organizationName}`, 'New organizer request', [
      `${options.applicantName} (${options.applicantEmail}) asks to become an organizer on ${PRODUCT_NAME}.`,
      `Organization: ${options.organizationName}`,
      `What they run: ${options.description}`,
      `Website: ${options.website || 'none given'}`,
      `Phone: ${options.phone}`,
      'Review the request in the console under user management.',
    ]),
  /** Sent to a user an administrator blocked (update-user-status), with the reason given. */
  accountBlockedEmail: (options: { firstName: string; reason: string }) =>
    composeEmail(`Your ${PRODUCT_NAME} account has been blocked`, 'Your account has been blocked', [
      `Hello ${options.firstName || 'there'},`,
      `An administrator blocked your ${PRODUCT_NAME} account. You are signed out everywhere and cannot sign in while it stays blocked.`,
      `Reason: ${options.reason}`,
      'If you think this is a mistake, reply to this email or contact support.',
    ]),

  /** Sent to a user an administrator unblocked. */
  accountUnblockedEmail: (options: { firstName: string }) =>
    composeEmail(`Your ${PRODUCT_NAME} account is active again`, 'Your account is active again', [
      `Hello ${options.firstName || 'there'},`,
      `An administrator unblocked your ${PRODUCT_NAME} account. Sign in again to continue where you left off.`,
    ]),
  /** Sent to the user when an administrator approves their organizer request. */
  organizerRequestApprovedEmail: (options: { firstName: string; organizationName: string; url: string }) =>
    composeEmail(
      `Your ${PRODUCT_NAME} organizer request is approved`,
      'You are now an organizer',
      [
        `Hello ${options.firstName || 'there'},`,
        `You can now sign in to the ${PRODUCT_NAME} console and create ${options.organizationName} as your organization, then publish events and sell tickets.`,
      ],
      { label: 'Open the console', url: options.url },
    ),

  /** Sent to the user when an administrator rejects their organizer request, with the reason. */
  organizerRequestRejectedEmail: (options: { firstName: string; organizationName: string; reason: string }) =>
    composeEmail(
      `Your ${PRODUCT_NAME} organizer request was not approved`,
      'Organizer request not approved',
      [
        `Hello ${options.firstName || 'there'},`,
        `Your request to organize as ${options.organizationName} was not approved.`,
        `Reason: ${options.reason}`,
        'You can send a new request from your profile once the points above are addressed.',
      ],
    ),

  /** Sent to the user when an administrator approves their non-profit exemption. */
  nonProfitApprovedEmail: (options: { firstName: string; legalName: string }) =>
    composeEmail(`Your ${PRODUCT_NAME} non-profit exemption is approved`, 'Non-profit exemption approved', [
      `Hello ${options.firstName || 'there'},`,
      `The non-profit exemption for ${options.legalName} is approved: from now on no service fee is charged on your organizations' ticket sales. Orders made before today keep the fees they were sold with.`,
    ]),

  /** Sent to the user when an administrator rejects their non-profit exemption, with the reason. */
  nonProfitRejectedEmail: (options: { firstName: string; legalName: string; reason: string }) =>
    composeEmail(
      `Your ${PRODUCT_NAME} non-profit exemption was not approved`,
      'Non-profit exemption not approved',
      [
        `Hello ${options.firstName || 'there'},`,
        `The non-profit exemption for ${options.legalName} was not approved.`,
        `Reason: ${options.reason}`,
        'You can send the details again from your profile with an updated document.',
      ],
    ),
};
