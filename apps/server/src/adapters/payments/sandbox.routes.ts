import type { FastifyInstance, FastifyReply } from 'fastify';
import { BROWSER_NAVIGATION } from '../../lib/access/index.js';
import { PRODUCT_NAME } from '../../lib/templates.js';
import { SANDBOX_PATHS, type SandboxAccount, SandboxPageError, type SandboxPayments } from './sandbox.js';
import { CheckoutPageError } from './sandbox-checkout.js';
import { checkoutPages } from './sandbox-checkout.routes.js';
import { escapeHtml, page } from './sandbox-pages.js';

function details(account: SandboxAccount, organizationName: string | null): string {
  const rows: [string, string][] = [
    ['Organization', organizationName ?? account.organizationId],
    ['Payout account', account.id],
    ['Email', account.email ?? 'not given'],
    ['Status', account.status],
  ];
  if (account.onboardedAt)
    rows.push(['Onboarded', `${account.onboardedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`]);
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

const one = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The sandbox provider's local pages (payout onboarding and dashboard, the buyer's card page). They are browser navigations, so they are outside the
 * client-credential check (`BROWSER_NAVIGATION` in their route config; docs/security.md).
 */
/**
 * The card and onboarding pages' content security policy. CSP host sources cannot name an IPv6 literal
 * (`http://[::1]:3000` is an invalid source the browser reports on every page), so such origins are left
 * out: a page opened on one reaches it as `'self'`.
 */
export function sandboxPageCsp(publicUrl: string, returnOrigins: readonly string[]): string {
  const sources = [...new Set([new URL(publicUrl).origin, ...returnOrigins])].filter(
    (origin) => !new URL(origin).hostname.startsWith('['),
  );
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' ${sources.join(' ')}; base-uri 'none'; frame-ancestors 'none'`;
}

export async function sandboxPaymentRoutes(
  app: FastifyInstance,
  opts: { sandbox: SandboxPayments; publicUrl: string; returnOrigins?: string[] },
) {
  const { pages } = opts.sandbox;
  // The page's own policy: no script at all; its form posts to this server and redirects to the
  // return URL, which is a path of this server or under PUBLIC_URL (form-action covers the redirect).
  const csp = sandboxPageCsp(opts.publicUrl, opts.returnOrigins ?? []);

  function html(reply: FastifyReply, status: number, body: string) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .header('referrer-policy', 'no-referrer')
      .send(body);
  }

  function failure(reply: FastifyReply, error: unknown) {
    if (!(error instanceof SandboxPageError || error instanceof CheckoutPageError)) throw error;
    const back = `<p><a href="${escapeHtml(opts.publicUrl)}/">Back to ${PRODUCT_NAME}</a></p>`;
    return html(
      reply,
      error.statusCode,
      page('This link cannot be used', `<p role="alert">${escapeHtml(error.message)}</p>${back}`),
    );
  }

  // Only this plugin's form posts are parsed here (encapsulated), as plain fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  type Onboarding = { Params: { accountId: string }; Querystring: Record<string, unknown> };

  app.get<Onboarding>(
    '/api/v1/payment/sandbox/onboarding/:accountId',
    {
      config: BROWSER_NAVIGATION,
      schema: { summary: 'Browser page: sandbox payout onboarding', tags: ['Payments'] },
    },
    async (request, reply) => {
      const { accountId } = request.params;
      const returnParam = one(request.query.return);
      try {
        const result = await pages.openOnboarding({
          accountId,
          linkToken: one(request.query.link),
          returnParam,
        });
        if (result.kind === 'redirect')
          return reply.header('cache-control', 'no-store').redirect(result.location, 303);
        const action = `${SANDBOX_PATHS.onboarding(accountId)}?${new URLSearchParams({ return: returnParam })}`;
        const who = result.organizationName ?? 'your organization';
        return html(
          reply,
          200,
          page(
            'Set up payouts',
            `<p>You are setting up payouts for <strong>${escapeHtml(who)}</strong>. With a real provider this is where you would give your business and bank details; the sandbox needs nothing.</p>
${details(result.account, result.organizationName)}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="nonce" value="${escapeHtml(result.nonce)}">
<button type="submit">Complete onboarding</button>
</form>`,
          ),
        );
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  app.post<Onboarding & { Body: Record<string, unknown> }>(
    '/api/v1/payment/sandbox/onboarding/:accountId',
    {
      config: BROWSER_NAVIGATION,
      schema: { summary: 'Browser form: complete sandbox payout onboarding', tags: ['Payments'] },
    },
    async (request, reply) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      try {
        const { location } = await pages.completeOnboarding({
          accountId: request.params.accountId,
          nonce: one(body.nonce),
          returnParam: one(request.query.return),
        });
        return reply.header('cache-control', 'no-store').redirect(location, 303);
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  app.get<Onboarding>(
    '/api/v1/payment/sandbox/dashboard/:accountId',
    {
      config: BROWSER_NAVIGATION,
      schema: { summary: 'Browser page: sandbox payout dashboard', tags: ['Payments'] },
    },
    async (request, reply) => {
      try {
        const { account, organizationName } = await pages.openDashboard({
          accountId: request.params.accountId,
          token: one(request.query.link),
        });
        return html(
          reply,
          200,
          page(
            'Payout dashboard',
            `<p>The sandbox keeps no balance and makes no payouts; with Stripe this link opens the Express dashboard.</p>
${details(account, organizationName)}
<p><a href="${escapeHtml(opts.publicUrl)}/">Back to ${PRODUCT_NAME}</a></p>`,
          ),
        );
      } catch (error) {
        return failure(reply, error);
      }
    },
  );

  checkoutPages(app, { checkout: opts.sandbox.checkout, html, failure });
}
