import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isCurrencyCode } from '@marquee/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { CreatedPayment, CreatePaymentInput, PaymentWebhook } from './payments.js';
import {
  createSandboxPaymentOnce,
  failProcessingSandboxPayment,
  findSandboxPayment,
  paySandboxPaymentWithNonce,
  replaceSandboxPaymentNonce,
  type SandboxPayment,
  setSandboxPaymentLink,
  setSandboxPaymentNonce,
} from './sandbox-payments.repo.js';
import type { WebhookSecret } from './sandbox-webhook-secret.js';
import { SANDBOX_SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from './webhook-signature.js';

export type { SandboxPayment } from './sandbox-payments.repo.js';

/** The card page's path; its link carries `?link=<token>`. */
export const sandboxCheckoutPath = (providerRef: string) =>
  `/api/v1/payment/sandbox/checkout/${encodeURIComponent(providerRef)}`;

/** Where the sandbox's webhooks are received (the route every provider has). */
export const SANDBOX_WEBHOOK_PATH = '/api/v1/payment/webhook/sandbox';

/** How long a card page link and the page's nonce stay valid. */
export const CHECKOUT_LIFETIMES = { linkMinutes: 60, nonceMinutes: 30 };

/** The test cards, as on Stripe's test mode; documented on the card page itself. */
export const TEST_CARDS = {
  '4242424242424242': { outcome: 'SUCCEEDED', label: 'succeeds' },
  '4000000000000002': { outcome: 'DECLINED', label: 'is declined' },
  '4000000000000341': { outcome: 'DELAYED_FAILURE', label: 'is accepted, then fails after a delay' },
} as const;

export const DECLINED_REASON = 'Your card was declined.';
export const DELAYED_FAILURE_REASON = 'The card issuer refused the payment after processing it.';

const PAYMENT_REF = /^sandbox_pay_[0-9a-f]{24}$/;

/** One delivery of a webhook over HTTP, as a provider would make it. */
export interface WebhookDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends one delivery and says what the receiver answered (0: no answer). Injectable for tests. */
export type WebhookSender = (delivery: WebhookDelivery) => Promise<{ status: number }>;

/**
 * An HTTP POST on a connection of its own (no keep-alive): an idle pooled connection to this very
 * server would hold its shutdown open until the keep-alive timeout.
 */
export const httpWebhookSender: WebhookSender = (delivery) =>
  new Promise((resolve) => {
    const url = new URL(delivery.url);
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...delivery.headers, 'content-length': Buffer.byteLength(delivery.body) },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', () => resolve({ status: 0 }));
    request.end(delivery.body);
  });

/** What the card page shows, or where the browser goes instead (a payment already made). */
export type CheckoutPage =
  | { kind: 'page'; payment: SandboxPayment; nonce: string }
  | { kind: 'redirect'; location: string };

export type PayResult =
  | { kind: 'redirect'; location: string }
  /** A card number that is no test card: the page again, with a fresh nonce and the field's error. */
  | { kind: 'page'; payment: SandboxPayment; nonce: string; cardError: string };

/** A page's refusal; the routes render it as HTML. */
export class CheckoutPageError extends AppError {}

const refused = (status: number, message: string) => new CheckoutPageError(status, message);

const SandboxEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  data: z.object({
    providerRef: z.string().max(200).nullable(),
    failureReason: z.string().max(1000).nullable(),
    // What the provider says it charged; the settlement compares it with the payment it settles.
    amount: z.number().int().nullable().optional(),
    currency: z.string().max(10).nullable().optional(),
  }),
});

/** Adds `payment=<status>` to a return URL, a path or an absolute URL, keeping its query and fragment. */
export function withPaymentStatus(returnUrl: string, status: 'succeeded' | 'failed' | 'processing'): string {
  const absolute = /^https?:\/\//i.test(returnUrl);
  const url = new URL(returnUrl, 'http://relative.invalid');
  url.searchParams.set('payment', status);
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sandbox's buyer payments: `createPayment` records a payment and returns the link of a local card
 * page; paying there marks the payment and sends this server a signed webhook over HTTP, exactly as a
 * provider would, then sends the buyer back. No money moves.
 */
export function createSandboxCheckout(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  allowedReturn: (url: string) => boolean;
  webhookSecret: WebhookSecret;
  /** Where webhooks go; read at each delivery (the server's port is known once it listens). */
  webhookUrl: () => string;
  sendWebhook?: WebhookSender;
  /** The delay of the "fails after a delay" card before its webhook. Default 3 s. */
  delayedFailureMs?: number;
  /** Waits before redelivering a webhook the server did not accept (as providers retry). */
  retryDelaysMs?: number[];
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, clock } = deps;
  const send = deps.sendWebhook ?? httpWebhookSender;
  const retryDelays = deps.retryDelaysMs ?? [1_000, 5_000, 30_000];
  const timers = new Set<NodeJS.Timeout>();
  const minutesFromNow = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);

  function later(ms: number, run: () => Promise<void>) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run().catch((error: unknown) => deps.log?.warn({ err: error }, 'sandbox webhook delivery failed'));
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  /** One signed delivery; a refusal or no answer is retried later, as a provider does. */
  async function deliver(body: string, attempt = 0): Promise<number> {
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signWebhook(await deps.webhookSecret.load(), body, clock.now()),
    };
    const { status } = await send({ url: deps.webhookUrl(), headers, body });
    if (status >= 200 && status < 300) return status;
    const wait = retryDelays[attempt];
    if (wait === undefined) {
      deps.log?.warn({ status }, 'sandbox webhook not accepted; no retries left');
    } else {
      later(wait, async () => void (await deliver(body, attempt + 1)));
    }
    return status;
  }

  function eventBody(payment: SandboxPayment, type: 'payment.succeeded' | 'payment.failed') {
    return JSON.stringify({
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      data: {
        providerRef: payment.id,
        paymentId: payment.paymentId,
        bookingId: payment.bookingId,
        amount: payment.amount,
        currency: payment.currency,
        failureReason: payment.failureReason,
      },
    });
  }

  async function find(providerRef: string): Promise<SandboxPayment | undefined> {
    if (!PAYMENT_REF.test(providerRef)) return undefined;
    return findSandboxPayment(db, providerRef);
  }

  /** A new nonce for the card page; with `spent`, only in place of that one (null: it is not usable). */
  async function issueNonce(providerRef: string, spent?: { nonceHash: string; now: Date }) {
    const nonce = newToken();
    const fresh = { hash: hashToken(nonce), expiresAt: minutesFromNow(CHECKOUT_LIFETIMES.nonceMinutes) };
    const row = spent
      ? await replaceSandboxPaymentNonce(db, { providerRef, ...spent }, fresh)
      : await setSandboxPaymentNonce(db, providerRef, fresh);
    return row ? { payment: row, nonce } : null;
  }

  function checkInput(input: CreatePaymentInput) {
    const errors: { field: string; message: string }[] = [];
    const currency = input.currency.toUpperCase();
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      errors.push({ field: 'amount', message: 'must be a positive whole number of minor units' });
    if (
      !Number.isSafeInteger(input.applicationFee) ||
      input.applicationFee < 0 ||
      input.applicationFee > input.amount
    )
      errors.push({ field: 'applicationFee', message: 'must be between 0 and the amount' });
    if (!isCurrencyCode(currency))
      errors.push({ field: 'currency', message: 'is not an ISO 4217 currency code' });
    if (!deps.allowedReturn(input.returnUrl))
      errors.push({
        field: 'returnUrl',
        message: `must be a path of this site or an address under ${deps.publicUrl}`,
      });
    if (!input.idempotencyKey) errors.push({ field: 'idempotencyKey', message: 'is required' });
    const [first] = errors;
    if (first) throw badRequest(`The payment's ${first.field} ${first.message}.`, errors);
    return currency;
  }

  return {
    /** Timers of delayed and retried deliveries; cleared when the app closes. */
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const currency = checkInput(input);
      // Like a provider's idempotency key: the same key answers with the same payment, however many
      // calls race (the unique index decides).
      const payment = await createSandboxPaymentOnce(db, {
        id: `sandbox_pay_${randomBytes(12).toString('hex')}`,
        paymentId: input.paymentId,
        bookingId: input.bookingId,
        bookingCode: input.bookingCode,
        description: input.description,
        amount: input.amount,
        currency,
        applicationFee: input.applicationFee,
        destinationAccountId: input.destinationAccountId,
        returnUrl: input.returnUrl,
        idempotencyKey: input.idempotencyKey,
        createdAt: clock.now(),
      });
      if (!payment) throw new Error('sandbox payment vanished after its creation');
      if (
        payment.paymentId !== input.paymentId ||
        payment.amount !== input.amount ||
        payment.currency !== currency
      ) {
        throw conflict('This idempotency key was already used for another payment.');
      }
      // A fresh link each time; the newest replaces the one before.
      const token = newToken();
      await setSandboxPaymentLink(db, payment.id, {
        hash: hashToken(token),
        expiresAt: minutesFromNow(CHECKOUT_LIFETIMES.linkMinutes),
      });
      const query = new URLSearchParams({ link: token });
      return {
        providerRef: payment.id,
        redirectUrl: `${deps.publicUrl}${sandboxCheckoutPath(payment.id)}?${query}`,
        clientSecret: null,
      };
    },

    parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentWebhook {
      verifyWebhookSignature(
        deps.webhookSecret.current(),
        rawBody,
        headers[SANDBOX_SIGNATURE_HEADER],
        clock.now(),
      );
      let parsed: z.infer<typeof SandboxEvent>;
      try {
        parsed = SandboxEvent.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw badRequest('The webhook body is not a sandbox event.', [
          { field: 'body', message: 'is not a sandbox event' },
        ]);
      }
      const known = parsed.type === 'payment.succeeded' || parsed.type === 'payment.failed';
      return {
        eventId: parsed.id,
        type: known ? (parsed.type as PaymentWebhook['type']) : 'ignored',
        providerRef: parsed.data.providerRef,
        failureReason: parsed.data.failureReason,
        amount: parsed.data.amount ?? null,
        currency: parsed.data.currency ?? null,
      };
    },

    pages: {
      async openCheckout({
        providerRef,
        linkToken,
      }: {
        providerRef: string;
        linkToken: string;
      }): Promise<CheckoutPage> {
        const payment = await find(providerRef);
        const current =
          payment?.linkTokenHash != null &&
          payment.linkTokenHash === hashToken(linkToken) &&
          payment.linkExpiresAt !== null &&
          payment.linkExpiresAt > clock.now();
        if (!payment || !current) {
          throw refused(
            404,
            'This payment link is not valid or has expired. Go back to the event and try again.',
          );
        }
        // Already paid (or failed): back to the shop with the outcome, as a provider's page does.
        if (payment.status !== 'REQUIRES_PAYMENT') {
          return { kind: 'redirect', location: withPaymentStatus(payment.returnUrl, statusParam(payment)) };
        }
        const issued = await issueNonce(providerRef);
        if (!issued) throw refused(404, 'This payment link is not valid.');
        return { kind: 'page', ...issued };
      },

      async payWithCard({
        providerRef,
        nonce,
        cardNumber,
      }: {
        providerRef: string;
        nonce: string;
        cardNumber: string;
      }): Promise<PayResult> {
        // The nonce must be unspent, unexpired, and its payment still waiting for a card.
        const sent = { nonceHash: hashToken(nonce), now: clock.now() };
        const used = () =>
          refused(
            400,
            'This payment page was already used or has expired. Go back to the event and try again.',
          );
        if (!PAYMENT_REF.test(providerRef) || !nonce) throw used();
        const digits = cardNumber.replace(/[\s-]/g, '');
        const card = Object.hasOwn(TEST_CARDS, digits) ? TEST_CARDS[digits as keyof typeof TEST_CARDS] : null;
        if (!card) {
          // The old nonce is spent here too (replaced in the same update), so each page posts once.
          const again = await issueNonce(providerRef, sent);
          if (!again) throw used();
          return {
            kind: 'page',
            ...again,
            cardError: 'Use one of the test cards listed below; the sandbox accepts no real card.',
          };
        }
        const now = clock.now();
        const outcome = {
          SUCCEEDED: { status: 'SUCCEEDED', failureReason: null },
          DECLINED: { status: 'FAILED', failureReason: DECLINED_REASON },
          DELAYED_FAILURE: { status: 'PROCESSING', failureReason: null },
        } as const;
        // One conditional update: the nonce pays once, even with two submissions at once.
        // The link stays valid until it expires: opened again, it sends the buyer back with the outcome.
        const paid = await paySandboxPaymentWithNonce(
          db,
          { providerRef, ...sent },
          { ...outcome[card.outcome], cardLast4: digits.slice(-4), paidAt: now },
        );
        if (!paid) throw used();
        if (paid.status === 'PROCESSING') {
          later(deps.delayedFailureMs ?? 3_000, async () => {
            const failed = await failProcessingSandboxPayment(db, paid.id, DELAYED_FAILURE_REASON);
            if (failed) await deliver(eventBody(failed, 'payment.failed'));
          });
        } else {
          // The webhook before the redirect: the buyer usually lands on a settled booking.
          await deliver(
            eventBody(paid, paid.status === 'SUCCEEDED' ? 'payment.succeeded' : 'payment.failed'),
          );
        }
        return { kind: 'redirect', location: withPaymentStatus(paid.returnUrl, statusParam(paid)) };
      },
    },
  };
}

function statusParam(payment: SandboxPayment): 'succeeded' | 'failed' | 'processing' {
  if (payment.status === 'SUCCEEDED') return 'succeeded';
  if (payment.status === 'FAILED') return 'failed';
  return 'processing';
}

export type SandboxCheckout = ReturnType<typeof createSandboxCheckout>;
