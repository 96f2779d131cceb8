import { formatAmount } from '@marquee/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BROWSER_NAVIGATION } from '../../lib/access/index.js';
import {
  type SandboxCheckout,
  type SandboxPayment,
  sandboxCheckoutPath,
  TEST_CARDS,
} from './sandbox-checkout.js';
import { escapeHtml, page } from './sandbox-pages.js';

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function cardPage(payment: SandboxPayment, nonce: string, cardError: string | null, typed = ''): string {
  const amount = formatAmount(payment.amount, payment.currency);
  const cards = Object.entries(TEST_CARDS)
    .map(
      ([number, card]) =>
        `<tr><td><code>${grouped(number)}</code></td><td>${escapeHtml(card.label)}</td></tr>`,
    )
    .join('');
  const error = cardError ? `<p class="error" id="card-error" role="alert">${escapeHtml(cardError)}</p>` : '';
  const invalid = cardError ? ' aria-invalid="true" aria-describedby="card-error"' : '';
  return page(
    'Pay for your booking',
    `<p>${escapeHtml(payment.description)}</p>
<p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="${escapeHtml(sandboxCheckoutPath(payment.id))}">
<input type="hidden" name="nonce" value="${escapeHtml(nonce)}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23" value="${escapeHtml(typed)}"${invalid}>
${error}<button type="submit">Pay ${escapeHtml(amount)}</button>
</form>
<h2>Test cards</h2>
<p>Any expiry date and security code would do with a real provider; this page asks only for the number.</p>
<table><thead><tr><th>Card number</th><th>What happens</th></tr></thead><tbody>${cards}</tbody></table>`,
  );
}

const one = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The sandbox's card page: a browser navigation (`BROWSER_NAVIGATION`), protected by the link token
 * (GET) and the page's single-use nonce (POST). Registered inside `sandboxPaymentRoutes`, which parses
 * the form posts and sends the pages' own content security policy.
 */
export function checkoutPages(
  app: FastifyInstance,
  opts: {
    checkout: SandboxCheckout['pages'];
    html: (reply: FastifyReply, status: number, body: string) => FastifyReply;
    failure: (reply: FastifyReply, error: unknown) => FastifyReply;
  },
) {
  const { checkout, html, failure } = opts;
  type Checkout = { Params: { providerRef: string }; Querystring: Record<string, unknown> };

  app.get<Checkout>(
    '/api/v1/payment/sandbox/checkout/:providerRef',
    {
      config: BROWSER_NAVIGATION,
      schema: { summary: 'Browser page: sandbox card payment', tags: ['Payments'] },
    },
    async (request, reply) => {
      try {
        const result = await checkout.openCheckout({
          providerRef: request.params.providerRef,
          linkToken: one(request.query.link),
        });
        if (result.kind === 'redirect')
          return reply.header('cache-control', 'no-store').redirect(result.location, 303);
        return html(reply, 200, cardPage(result.payment, result.nonce, null));
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  app.post<Checkout & { Body: Record<string, unknown> }>(
    '/api/v1/payment/sandbox/checkout/:providerRef',
    {
      config: BROWSER_NAVIGATION,
      schema: { summary: 'Browser form: pay with a sandbox test card', tags: ['Payments'] },
    },
    async (request, reply) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const card = one(body.card).slice(0, 40);
      try {
        const result = await checkout.payWithCard({
          providerRef: request.params.providerRef,
          nonce: one(body.nonce),
          cardNumber: card,
        });
        if (result.kind === 'page')
          return html(reply, 400, cardPage(result.payment, result.nonce, result.cardError, card));
        return reply.header('cache-control', 'no-store').redirect(result.location, 303);
      } catch (error) {
        return failure(reply, error);
      }
    },
  );
}
