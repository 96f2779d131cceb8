import { z } from 'zod';
import { BOOKING_PATH, PublicTicketType } from './booking.js';
import { groupDigits } from './constants.js';
import { ORGANIZER_PATH } from './event-basics.js';
import { instantInput } from './limits.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';
import type { HandFileRouteDef } from './share.js';

/**
 * Promo codes (docs/promo-codes.md): an event's organizers make codes that take a percentage or a fixed
 * amount off each ticket, or only reveal hidden ticket types (presale access); buyers apply one at
 * checkout. Every organizer call names the event and declares `manage` on it (anyone else 404).
 */
export const PROMO_CODE_PATH = `${ORGANIZER_PATH}/promo-code`;

/** PERCENT: `amount` is 1–100 (%); FIXED: minor units off each ticket; REVEAL: hidden types only. */
export const PromoCodeKind = z.enum(['PERCENT', 'FIXED', 'REVEAL'], { error: 'Choose what the code does' });
export type PromoCodeKind = z.infer<typeof PromoCodeKind>;
export const PromoCodeStatus = z.enum(['ACTIVE', 'PAUSED']);
export type PromoCodeStatus = z.infer<typeof PromoCodeStatus>;

export const PROMO_KIND_LABELS: Record<PromoCodeKind, string> = {
  PERCENT: 'Percentage off',
  FIXED: 'Amount off each ticket',
  REVEAL: 'Reveal hidden tickets only',
};

export const MAX_PROMO_BULK = 1000;
export const MAX_PROMO_SCOPE = 100;
export const MAX_PROMO_USES = 1_000_000;

export const PROMO_CODE_MESSAGES = {
  unknown: 'This code is not valid for this event.',
  paused: 'This code is paused.',
  notYet: 'This code is not valid yet.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  perBuyer: (n: number) => `This code can be used ${n === 1 ? 'once' : `${n} times`} per buyer.`,
  notForDate: 'This code is not valid for this date.',
  notForTickets: 'This code does not apply to the tickets chosen.',
  duplicate: 'This event already has this code.',
  hiddenType: 'This ticket type needs a promo code.',
  amountTooHigh: 'The amount is higher than any ticket price it applies to.',
  typeNotOfEvent: 'Choose ticket types of this event.',
  dateNotOfEvent: 'Choose dates of this event.',
  created: 'Promo code created.',
  updated: 'Promo code updated.',
  deleted: 'Promo code deleted.',
  bulkCreated: (n: number) => `${n} promo codes created.`,
} as const;

const eventId = z.uuid({ error: 'Choose an event' });
const promoCodeId = z.uuid({ error: 'Choose a promo code' });

/** Letters, digits, dash and underscore; compared without case (stored upper case). */
export const PromoCodeText = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(3, 'A code has at least 3 characters')
  .max(40, 'A code has at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Start with a letter or digit; use letters, digits, - and _ only')
  .transform((v) => v.toUpperCase());

const limit = (what: string) =>
  z
    .number({ error: `Enter the ${what}` })
    .int('Enter a whole number')
    .min(1, 'At least 1')
    .max(MAX_PROMO_USES, `At most ${groupDigits(MAX_PROMO_USES)}`)
    .nullish();

/** What a code does and where: shared by one code and a bulk creation. */
const settings = {
  kind: PromoCodeKind,
  /** PERCENT: 1–100; FIXED: minor units of the event's currency; REVEAL: ignored. */
  amount: z
    .number({ error: 'Enter the amount' })
    .int('Enter a whole number')
    .min(0)
    .max(100_000_000)
    .default(0),
  /** Empty: every ticket type. A hidden type listed here is revealed by the code. */
  ticketTypeIds: z.array(z.uuid()).max(MAX_PROMO_SCOPE).default([]),
  /** Empty: every date. */
  occurrenceIds: z.array(z.uuid()).max(MAX_PROMO_SCOPE).default([]),
  validFrom: instantInput().nullish(),
  validUntil: instantInput().nullish(),
  maxUsesPerBuyer: limit('uses per buyer'),
  status: PromoCodeStatus.default('ACTIVE'),
};

function checkSettings(
  value: { kind: PromoCodeKind; amount: number; validFrom?: string | null; validUntil?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.kind === 'PERCENT' && (value.amount < 1 || value.amount > 100))
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter a percentage from 1 to 100' });
  if (value.kind === 'FIXED' && value.amount < 1)
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount above 0' });
  if (value.validFrom && value.validUntil && Date.parse(value.validUntil) <= Date.parse(value.validFrom))
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The end must be after the start' });
}

export const PromoCodeInput = z
  .object({ eventId, code: PromoCodeText, maxUses: limit('number of uses'), ...settings })
  .superRefine(checkSettings);
export type PromoCodeInput = z.input<typeof PromoCodeInput>;

export const UpdatePromoCodeBody = z
  .object({ eventId, promoCodeId, code: PromoCodeText, maxUses: limit('number of uses'), ...settings })
  .superRefine(checkSettings);
export type UpdatePromoCodeBody = z.input<typeof UpdatePromoCodeBody>;

export const BulkPromoCodeBody = z
  .object({
    eventId,
    /** Each code is the prefix and 8 random letters and digits, usable once. */
    prefix: z
      .string()
      .trim()
      .max(20, 'A prefix has at most 20 characters')
      .regex(
        /^([A-Za-z0-9][A-Za-z0-9_-]*)?$/,
        'Start with a letter or digit; use letters, digits, - and _ only',
      )
      .transform((v) => v.toUpperCase())
      .default(''),
    count: z
      .number({ error: 'Enter how many codes' })
      .int('Enter a whole number')
      .min(1, 'Make at least 1 code')
      .max(MAX_PROMO_BULK, `Make at most ${MAX_PROMO_BULK} codes at once`),
    ...settings,
  })
  .superRefine(checkSettings);
export type BulkPromoCodeBody = z.input<typeof BulkPromoCodeBody>;

export const PromoCodeSummary = z.object({
  _id: z.uuid(),
  code: z.string(),
  kind: PromoCodeKind,
  amount: z.number().int(),
  ticketTypeIds: z.array(z.uuid()),
  occurrenceIds: z.array(z.uuid()),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerBuyer: z.number().int().nullable(),
  /** Orders holding a use now (held or confirmed). */
  uses: z.number().int().nonnegative(),
  status: PromoCodeStatus,
  batchId: z.uuid().nullable(),
  /** Confirmed orders with the code: what they paid less refunds, and what the code took off. */
  orders: z.number().int().nonnegative(),
  revenue: z.number().int(),
  discountGiven: z.number().int().nonnegative(),
  currency: z.string(),
  createdAt: z.string(),
});
export type PromoCodeSummary = z.infer<typeof PromoCodeSummary>;

const manage = { event: 'manage', from: 'body.eventId' } as const;
const TAG = 'Promo codes';

export const promoCodeList = defineRoute({
  method: 'GET',
  path: `${PROMO_CODE_PATH}/get-promo-code-list`,
  summary: 'The promo codes of an event with their uses, revenue and discount given, newest first',
  tag: TAG,
  access: { event: 'manage', from: 'query.eventId' },
  query: z.object({ ...pageQuery.pick({ page: true, limit: true, search: true }).shape, eventId }),
  response: envelope(pageOf(PromoCodeSummary)),
});

export const createPromoCode = defineRoute({
  method: 'POST',
  path: `${PROMO_CODE_PATH}/create-promo-code`,
  summary: 'Create a promo code for an event (409 when the event has the code already)',
  tag: TAG,
  access: manage,
  body: PromoCodeInput,
  response: envelope(PromoCodeSummary),
});

export const updatePromoCode = defineRoute({
  method: 'PUT',
  path: `${PROMO_CODE_PATH}/update-promo-code`,
  summary: 'Change a promo code (orders already placed keep their discount)',
  tag: TAG,
  access: manage,
  body: UpdatePromoCodeBody,
  response: envelope(PromoCodeSummary),
});

export const updatePromoCodeStatus = defineRoute({
  method: 'PUT',
  path: `${PROMO_CODE_PATH}/update-promo-code-status`,
  summary: 'Pause or resume a promo code',
  tag: TAG,
  access: manage,
  body: z.object({ eventId, promoCodeId, status: PromoCodeStatus }),
  response: envelope(PromoCodeSummary),
});

export const deletePromoCode = defineRoute({
  method: 'DELETE',
  path: `${PROMO_CODE_PATH}/delete-promo-code`,
  summary: 'Delete a promo code (orders keep the code and discount they got)',
  tag: TAG,
  access: manage,
  body: z.object({ eventId, promoCodeId }),
  response: envelope(z.null()),
});

export const bulkCreatePromoCodes = defineRoute({
  method: 'POST',
  path: `${PROMO_CODE_PATH}/bulk-create-promo-codes`,
  summary: 'Create many single-use codes at once (their CSV: export-promo-codes with the batch id)',
  tag: TAG,
  access: manage,
  body: BulkPromoCodeBody,
  response: envelope(z.object({ batchId: z.uuid(), count: z.number().int(), codes: z.array(z.string()) })),
});

export const ExportPromoCodesQuery = z.object({ eventId, batchId: z.uuid().optional() });
export type ExportPromoCodesQuery = z.input<typeof ExportPromoCodesQuery>;

/**
 * GET the promo codes of an event (or of one bulk creation) as CSV: a file, registered by hand with
 * this declaration (like the event's QR code), swept among the hand-registered routes.
 */
export const exportPromoCodes = {
  method: 'GET',
  path: `${PROMO_CODE_PATH}/export-promo-codes`,
  summary: 'The promo codes of an event (or of one bulk creation) as CSV (a file, not the JSON envelope)',
  tag: TAG,
  access: { event: 'manage', from: 'query.eventId' },
  query: ExportPromoCodesQuery,
  produces: ['text/csv; charset=utf-8'],
} as const satisfies HandFileRouteDef;

// ---------- Buyers ----------

/** What a code does for an order on a date: the discount, and the hidden types it shows. */
export const PromoCodeCheck = z.object({
  code: z.string(),
  kind: PromoCodeKind,
  amount: z.number().int(),
  /** Ticket types the discount applies to (empty: every type). */
  ticketTypeIds: z.array(z.uuid()),
  /** Hidden ticket types the code shows, priced as buyers see them (before the discount). */
  revealedTicketTypes: z.array(PublicTicketType),
  /** Per ticket type the code lowers: the price after the discount and the fee on it, as checkout computes them. */
  discounted: z.array(
    z.object({
      ticketTypeId: z.uuid(),
      unitDiscount: z.number().int(),
      price: z.number().int(),
      buyerFee: z.number().int(),
      buyerPays: z.number().int(),
    }),
  ),
  /** "20% off", "€5.00 off each ticket", "Unlocks hidden tickets". */
  description: z.string(),
});
export type PromoCodeCheck = z.infer<typeof PromoCodeCheck>;

export const checkPromoCode = defineRoute({
  method: 'GET',
  path: `${BOOKING_PATH}/check-promo-code`,
  summary: 'What a promo code does for an event and date, or why it does not apply',
  tag: 'Buyers',
  access: 'public',
  query: z.object({
    eventId,
    occurrenceId: z.uuid({ error: 'Choose a date' }).optional(),
    code: PromoCodeText,
    /** When given, the per-buyer limit is checked for this email. */
    email: z.email({ error: 'Enter a valid email address' }).max(254).optional(),
  }),
  response: envelope(PromoCodeCheck),
});
