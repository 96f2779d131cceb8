import type { FastifyInstance, FastifyReply } from 'fastify';
import { BROWSER_NAVIGATION } from '../../lib/access.js';
import { PRODUCT_NAME } from '../../lib/templates.js';
import { SANDBOX_PATHS, type SandboxAccount, SandboxPageError, type SandboxPayments } from './sandbox.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1b1e;background:#f8f9fa;line-height:1.5}
main{max-width:560px;margin:32px auto;padding:24px;background:#fff;border:1px solid #dee2e6;border-radius:8px}
@media (max-width:600px){body{background:#fff}main{margin:0;border:0;border-radius:0;padding:20px}dl{grid-template-columns:1fr;gap:0}dd{margin:0 0 12px}}
.brand{margin:0 0 4px;font-weight:700;color:#364fc7}
.sandbox{display:inline-block;margin:0 0 16px;padding:2px 8px;border-radius:4px;background:#fff3bf;color:#5c3c00;font-size:14px}
h1{font-size:24px;margin:0 0 16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0 0 24px}
dt{font-weight:600;color:#495057}dd{margin:0;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;background:#364fc7;color:#fff;border:0;border-radius:6px;padding:12px 20px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
a{color:#1c4ed8}
p{margin:0 0 16px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${PRODUCT_NAME}</p>
<p class="sandbox">Sandbox payments provider: no money moves</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

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
 * The sandbox provider's local pages. They are browser navigations, so they are outside the
 * client-credential check (`BROWSER_NAVIGATION` in their route config; docs/security.md).
 */
export async function sandboxPaymentRoutes(
  app: FastifyInstance,
  opts: { sandbox: SandboxPayments; publicUrl: string; returnOrigins?: string[] },
) {
  const { pages } = opts.sandbox;
  // The page's own policy: no script at all; its form posts to this server and redirects to the
  // return URL, which is a path of this server or under PUBLIC_URL (form-action covers the redirect).
  const returnOrigins = [...new Set([new URL(opts.publicUrl).origin, ...(opts.returnOrigins ?? [])])];
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' ${returnOrigins.join(' ')}; base-uri 'none'; frame-ancestors 'none'`;

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
    if (!(error instanceof SandboxPageError)) throw error;
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
}
