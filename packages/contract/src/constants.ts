/**
 * Plain values, no schema. The console's first download (the login screen) needs some of them and must
 * not carry zod for them: a bundle puts a whole module in one chunk, so a constant kept beside schemas
 * would bring zod along (docs/performance.md, "Console"). Everything here is re-exported by common.ts.
 */

/** Names of the headers the console sends on every call (api.md). */
export const HEADERS = {
  accessToken: 'accesstoken',
  authorization: 'authorization',
  secretKey: 'secretkey',
  timezone: 'timezone',
  offset: 'offset',
  platform: 'platform',
  ip: 'ip',
  latitude: 'latitude',
  longitude: 'longitude',
  /** A retry of a POST/PUT/DELETE with the same key gets the first answer instead of a second change. */
  idempotencyKey: 'idempotency-key',
  /** Per-call timeout override in ms; read by the console's call helper and never sent. */
  timeout: 'timeout',
} as const;

/**
 * Development defaults of the web client's credentials. Both sides read their real values from
 * configuration; these only make a fresh clone work without any.
 */
export const DEV_CLIENT_CREDENTIALS = {
  clientId: 'marquee-web',
  clientSecret: 'marquee-web-dev-secret',
  secretKey: 'marquee-dev-secret-key',
} as const;

export const DEFAULT_TIMEOUT_MS = 30000;

export const TOAST_DURATION_MS = { success: 5000, info: 5000, warning: 4000, error: 5000 } as const;

/** The spec's date formats, as date-fns tokens. */
export const DATE_FORMATS = {
  time: 'h:mm a',
  date: 'MMM d, yyyy',
  dayDate: 'EE, MMM d, yyyy',
  dateTimeSeconds: 'MMM d, y - hh:mm:ss a',
  compactDateTime: 'd/MMM/yy-hh:mm a',
} as const;

export const DEFAULT_IMAGE_LIMIT = 1;

export const CONFIRM_LABELS = { cancel: 'Cancel', confirm: 'Confirm' } as const;

/** Messages the spec fixes word for word, and the wordings chosen where it leaves them open. */
export const MESSAGES = {
  passwordMismatch: "Confirmation password doesn't match the new password.",
  imageLimit: (limit: number = DEFAULT_IMAGE_LIMIT) => `You can select upto ${limit} images only`,
  reselectStartTime: 'Please re-select event start time.',
  reselectEndTime: 'Please re-select event end time.',
  verificationCodeRequired: 'Please enter the verification code.',
  organizationRequired: 'Please select organization',
  eventNotEditable: "This event can't be edited",
  eventNotDeletable: "This event can't be deleted",
  eventStatusLocked: "Event status can't be changed.",
  timeout: 'The server took too long to answer. Please try again.',
  offline: 'No Internet Connection',
  unreachable: "Couldn't connect to the server. Please try again",
  unexpected: 'Something went wrong. Please try again.',
} as const;

export const EMPTY_SELECTION_ACTIONS = [
  'export',
  'delete',
  'archive',
  'view ticket',
  'issue refund',
  'decline refund',
  'mark scanned',
  'mark not scanned',
  'message buyers',
] as const;
export type EmptySelectionAction = (typeof EMPTY_SELECTION_ACTIONS)[number];

/** One wording for every bulk action started with nothing selected. */
export function emptySelectionMessage(action: EmptySelectionAction): string {
  return `You seem to be trying to ${action}, but no data is selected.`;
}

/**
 * Upper bounds of amounts and counts the API takes (docs/security.md, "Bad input"): every one fits the
 * PostgreSQL integer column it is stored in, so a huge number is the caller's 400, never the
 * database's overflow.
 */
export const MAX_INT32 = 2_147_483_647;
/** The most one ticket of a donation type takes, in minor units (1,000,000.00 at two decimals): the same as the highest ticket price. */
export const MAX_DONATION_MINOR = 100_000_000;
/** The most one order can total, in minor units: its amounts are integer columns. */
export const MAX_ORDER_TOTAL_MINOR = MAX_INT32;
/** The most tickets one order (and so one ticket type's per-order limit) can have. */
export const MAX_TICKETS_PER_ORDER = 100;
/**
 * The most tickets one waiting-list entry asks for. Here, not in waiting-list.ts: the event page's join
 * form shows it without loading that contract.
 */
export const MAX_WAITING_QUANTITY = 10;
/** The highest page number of a list (an offset PostgreSQL can still take, far beyond any list). */
export const MAX_PAGE = 1_000_000;
/** Dates the API takes, by UTC year: four digits, as JavaScript writes them and PostgreSQL reads them. */
export const DATE_YEARS = { earliest: 1900, latest: 9999 } as const;

/**
 * An integer with en-US grouping, `1234567` as `1,234,567`, for messages that name a limit. Not
 * `toLocaleString('en-US')`: these messages are built as a module loads, and the first `Intl` number
 * format of a page loads ICU's number data (~15 ms on a desktop, ~70 ms on a 4x-throttled phone, inside
 * the event page's longest task: docs/performance.md, "The bench, seventh round").
 */
export function groupDigits(value: number): string {
  const whole = Math.trunc(value);
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}

/** `12345678` minor units (an integer) as `123,456.78` (two decimals), for messages that name a limit. */
export function formatMinorUnits(amount: number, digits = 2): string {
  const scale = 10 ** digits;
  const abs = Math.abs(Math.round(amount));
  const fraction = digits > 0 ? `.${String(abs % scale).padStart(digits, '0')}` : '';
  return `${amount < 0 ? '-' : ''}${groupDigits(Math.floor(abs / scale))}${fraction}`;
}
