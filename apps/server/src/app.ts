import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './adapters/mailer/mailer.js';
import { createMediaStorage, type MediaStorage } from './adapters/media-storage/index.js';
import { createOidcClients, type OidcClients } from './adapters/oidc/oidc.js';
import { createPaymentsProvider, type PaymentsProvider } from './adapters/payments/index.js';
import { isSandboxPayments } from './adapters/payments/sandbox.js';
import { sandboxPaymentRoutes } from './adapters/payments/sandbox.routes.js';
import { SANDBOX_WEBHOOK_PATH, type WebhookSender } from './adapters/payments/sandbox-checkout.js';
import { paymentWebhookRoutes, type SettlePayment } from './adapters/payments/webhook.routes.js';
import { createHttpSmsGateway, createOutboxSms, type SmsSender } from './adapters/sms/sms.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createIdempotencyStore, registerIdempotencyPurge } from './lib/idempotency.js';
import { jobsPlugin } from './lib/jobs.js';
import { redactingLogSerializers } from './lib/log-redaction.js';
import { consoleOrigins } from './lib/origins.js';
import { pubsubPlugin } from './lib/pubsub.js';
import { createRedisLink } from './lib/redis.js';
import { registerRollupJob } from './lib/rollup-job.js';
import { createLifecycle } from './lib/shutdown.js';
import { createUnitOfWork } from './lib/unit-of-work.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes.js';
import { createAdminDashboardService } from './modules/admin-dashboard/admin-dashboard.service.js';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes.js';
import { approvalRoutes } from './modules/approvals/approvals.routes.js';
import { createApprovalService } from './modules/approvals/approvals.service.js';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { bannerRoutes } from './modules/banner/banner.routes.js';
import { createBannerService } from './modules/banner/banner.service.js';
import { bookingModule } from './modules/booking/booking.module.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { createCategoryService } from './modules/catalog/category.service.js';
import { createRequestService } from './modules/catalog/requests.service.js';
import { createTagService } from './modules/catalog/tag.service.js';
import { checkInModule } from './modules/check-in/check-in.module.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { createContentService } from './modules/content/content.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { authoringRoutes } from './modules/events/authoring.routes.js';
import { createAuthoringService } from './modules/events/authoring.service.js';
import { manageRoutes } from './modules/events/manage.routes.js';
import { pingDatabase } from './modules/health/health.repo.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { createMediaService } from './modules/media/media.service.js';
import { exportSlotsFor } from './modules/orders/export/export-slots.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { createInvitationHooks, createMemberService } from './modules/organizations/members.service.js';
import { findOrganization } from './modules/organizations/organizations.repo.js';
import { organizationRoutes } from './modules/organizations/organizations.routes.js';
import { createOrganizationService } from './modules/organizations/organizations.service.js';
import { outboxRoutes } from './modules/outbox/outbox.routes.js';
import { createOutboxService } from './modules/outbox/outbox.service.js';
import { payoutRoutes } from './modules/payouts/payouts.routes.js';
import { createPayoutService } from './modules/payouts/payouts.service.js';
import { createReasonService } from './modules/reference/reason.service.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { createReferenceService } from './modules/reference/reference.service.js';
import { cancellationModule } from './modules/refunds/cancellation/cancellation.module.js';
import { createDues } from './modules/refunds/dues/due-payments.js';
import { dueRoutes } from './modules/refunds/dues/dues.routes.js';
import { organizerRefundRoutes } from './modules/refunds/organizer/organizer.routes.js';
import { createRefundEngine } from './modules/refunds/refund-engine.js';
import { registerRefundJobs } from './modules/refunds/refund-jobs.js';
import { refundRequestRoutes } from './modules/refunds/requests/refund-requests.routes.js';
import { socialRoutes } from './modules/social/social.routes.js';
import { createSocialService } from './modules/social/social.service.js';
import { accessPlugin } from './plugins/access.js';
import { authPlugin } from './plugins/auth.js';
import { clientHeadersPlugin } from './plugins/client-headers.js';
import { errorsPlugin } from './plugins/errors.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { securityPlugin } from './plugins/security.js';
import { staticWebPlugin } from './plugins/static-web.js';
import { textInputPlugin } from './plugins/text-input.js';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** OpenID Connect clients of the social login providers; by default built from `config.social`. */
  oidcClients?: OidcClients;
  /** Uploaded media; default: local disk under DATA_DIR/media, or S3 when S3_BUCKET is set. */
  mediaStorage?: MediaStorage;
  /** Email port; default: SMTP when `SMTP_URL` is set, else the development outbox. */
  mailer?: Mailer;
  /** SMS port; default: the HTTP gateway when `SMS_GATEWAY_URL` is set, else the development outbox. */
  sms?: SmsSender;
  /** Payments port; default: Stripe Connect when `STRIPE_SECRET_KEY` is set, else the sandbox provider. */
  payments?: PaymentsProvider;
  /** What a payment's outcome does to its booking, once per provider event (the payment webhook). */
  settle?: SettlePayment;
  /** How the sandbox provider delivers its signed webhooks; default an HTTP POST (tests capture them). */
  sandboxWebhookSender?: WebhookSender;
  /**
   * Run the job queue (pg-boss, `lib/jobs.ts`): event cancellation refunds, resuming pending refunds,
   * payouts. Default: on, except under NODE_ENV=test, where a test asks for it (starting it per test
   * file costs time); without it queued work waits in its rows for a server that runs the queue.
   */
  jobs?: boolean;
}

/** The largest request body (JSON or form); uploads and webhooks declare their own. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole application without listening, so tests drive it through `app.inject`. */
export async function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? false;
  const app = Fastify({
    // Link tokens and codes in URLs never reach the log.
    logger:
      typeof logger === 'object'
        ? { ...logger, serializers: { ...logger.serializers, ...redactingLogSerializers } }
        : logger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A caller that sends its headers or body slowly is answered 408 and dropped (config.http), so
    // slow senders cannot hold sockets open for as long as they like.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      // How often Node looks for connections past those limits (its default, 30 s, would let a slow
      // sender stay that much longer than the limit says).
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Stopping (lib/shutdown.ts): readiness answers 503 and, while the last requests are served, every
  // answer closes its connection, so no client is left holding a keep-alive connection the server is
  // about to close under it.
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (lifecycle.stopping) reply.header('connection', 'close');
  });

  const auth = createAuthService({ db, clock, config });
  const social = createSocialService({
    db,
    clock,
    social: config.social,
    auth,
    clients: deps.oidcClients ?? createOidcClients(config.social),
  });
  const storage = deps.mediaStorage ?? createMediaStorage(config);
  const categories = createCategoryService({ db, clock });
  const tags = createTagService({ db, clock });
  const requests = createRequestService({ db, clock, categories, tags });
  const mailer =
    deps.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from, log: app.log })
      : createOutboxMailer({ db, log: app.log }));
  const sms =
    deps.sms ??
    (config.sms
      ? createHttpSmsGateway({ ...config.sms, log: app.log })
      : createOutboxSms({ db, log: app.log }));
  if (mailer.close) app.addHook('onClose', async () => mailer.close?.());
  // The sandbox's onboarding page names the organization it onboards.
  const organizationName = async (organizationId: string) =>
    (await findOrganization(db, organizationId))?.row.name ?? null;
  // The sandbox calls this very server back, where it listens (unless SANDBOX_WEBHOOK_URL says otherwise).
  const listeningWebhookUrl = () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return `${config.publicUrl}${SANDBOX_WEBHOOK_PATH}`;
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const host = wildcard
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    return `http://${host}:${address.port}${SANDBOX_WEBHOOK_PATH}`;
  };
  const payments =
    deps.payments ??
    createPaymentsProvider(config, {
      db,
      clock,
      organizationName,
      sandboxWebhookUrl: listeningWebhookUrl,
      sandboxWebhookSender: deps.sandboxWebhookSender,
      log: app.log,
    });
  // What organizers owe for refunds (modules/refunds/dues): paid through the same payments port.
  const dues = createDues({ db, clock, payments, engine: () => app.refunds, log: app.log });
  const settle: SettlePayment =
    deps.settle ??
    // The booking module's settlement (modules/booking/settlement.ts): it joins the webhook's unit of work.
    // A payment it does not know may be an organizer's due payment.
    (async (outcome) => {
      const settled = await app.settlement.settle({
        ...outcome,
        failureReason: outcome.failureReason ?? undefined,
      });
      return settled === 'UNKNOWN_PAYMENT' ? dues.settle(outcome) : settled;
    });
  const account = createAccountService({
    db,
    clock,
    config,
    mailer,
    sms,
    log: app.log,
    invitations: createInvitationHooks(),
  });
  const organizations = createOrganizationService({ db, clock, defaultCurrency: config.defaultCurrency });
  const members = createMemberService({ db, clock, account, log: app.log });
  const payouts = createPayoutService({ db, clock, payments, config, log: app.log });
  const authoring = createAuthoringService({
    db,
    clock,
    config: { ...config.events, serviceFee: config.serviceFee },
  });

  // Every refund path (buyers' requests, organizers, event cancellation) goes through this one engine.
  app.decorate('refunds', createRefundEngine({ db, clock, payments, log: app.log }));
  // File exports take a slot and stream from a pool of their own (modules/orders/export/export-slots.ts).
  const exportSlots = exportSlotsFor(db, config.exports, (error) =>
    app.log.warn(`export connection lost: ${error.message}`),
  );
  app.decorate('exportSlots', exportSlots);
  app.addHook('onClose', async () => exportSlots.close());
  // Read by addRoute on every POST/PUT/DELETE that carries an idempotency-key (lib/idempotency.ts).
  const idempotency = createIdempotencyStore({ db, clock });
  app.decorate('idempotency', idempotency);
  // `app.jobs` for the modules below; it starts once the app is ready (after the server's migrations).
  await app.register(jobsPlugin, { db, enabled: deps.jobs ?? config.env !== 'test' });
  // Expired idempotency keys are purged hourly in batches (lib/idempotency.ts).
  registerIdempotencyPurge(app, idempotency);
  await app.register(errorsPlugin);
  // Before any route: JSON bodies nesting too deep are refused before they are parsed or walked.
  await app.register(jsonBodyPlugin);
  await app.register(requestLogPlugin, { config });
  // Before any route (the documentation's included): every /api route must declare its access.
  await app.register(accessPlugin, { db });
  await app.register(securityPlugin, { config });
  // Redis (REDIS_URL) shares rate-limit counters and live check-in messages between API processes;
  // while it is away both fall back to this process (lib/redis.ts). Closed after the plugins using it.
  const redis = config.redisUrl ? createRedisLink(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  await app.register(rateLimitPlugin, { redis });
  // `app.pubsub`: messages between API processes (live check-in), through Redis when REDIS_URL is set.
  await app.register(pubsubPlugin, { redis });
  await app.register(openapiPlugin);
  await app.register(clientHeadersPlugin, { config });
  await app.register(authPlugin, { auth });
  await app.register(textInputPlugin);

  await app.register(healthRoutes, {
    pingDatabase: () => pingDatabase(db),
    pingRedis: redis && (() => redis.ping()),
    lifecycle,
  });
  await app.register(authRoutes, { auth, config });
  await app.register(socialRoutes, { social, config });
  await app.register(mediaRoutes, {
    media: createMediaService({ storage }),
    storage,
    maxBytes: config.media.maxBytes,
  });
  await app.register(catalogRoutes, { categories, tags, requests });
  await app.register(bannerRoutes, { banners: createBannerService({ db, clock }) });
  await app.register(referenceRoutes, {
    reference: createReferenceService({ db }),
    reasons: createReasonService({ db, clock }),
  });
  await app.register(accountRoutes, { account, config });
  await app.register(contentRoutes, { content: createContentService({ db, clock }) });
  // Administrators: the platform dashboard and the organizer / non-profit approval queues (issue 13).
  await app.register(adminDashboardRoutes, { dashboard: createAdminDashboardService({ db, clock }) });
  await app.register(approvalRoutes, {
    approvals: createApprovalService({ db, clock, mailer, publicUrl: config.publicUrl, log: app.log }),
  });
  await app.register(organizationRoutes, { organizations, members });
  await app.register(payoutRoutes, { payouts });
  await app.register(authoringRoutes, { authoring });
  await app.register(manageRoutes, { db, clock });
  await app.register(orderRoutes, { db });
  await app.register(dashboardRoutes, { db, clock });
  // Refunds organizers start, what they owe and the payouts tab (docs/refunds.md), next to the orders.
  await app.register(organizerRefundRoutes, { db, clock });
  await app.register(dueRoutes, { db, clock, dues, config });
  await app.register(refundRequestRoutes, { db, clock, mailer, publicUrl: config.publicUrl });
  await app.register(bookingModule, { db, clock, config, mailer, payments });
  // Event cancellation refunds (issue-event-refund, confirm-event-refund, progress) and the refund
  // engine's background work, on the job queue; both need `app.refunds`.
  await app.register(cancellationModule, { db, clock, mailer });
  // Door check-in: scans decided in PostgreSQL, offline sync, manual marks, history and live counts.
  await app.register(checkInModule, { db, clock });
  // Administrators' user management (blocking included) and the audit log (docs/user-management.md).
  await app.register(adminUserRoutes, { db, clock, mailer });
  await app.register(auditLogRoutes, { db });
  registerRefundJobs(app, { db, clock, dues });
  // The dashboards' hourly roll-ups (docs/dashboards.md, "Speed").
  registerRollupJob(app, { db, clock });
  if (config.devOutbox) await app.register(outboxRoutes, { outbox: createOutboxService({ db }) });
  await app.register(paymentWebhookRoutes, {
    payments,
    unitOfWork: createUnitOfWork({ db, clock, log: app.log }),
    settle,
    // A refund the provider confirmed later (Stripe's `pending` refunds): finished once, never repeated.
    settleRefund: (outcome) => app.refunds.settleFromProvider(outcome),
  });
  // The sandbox's onboarding, dashboard and card pages exist only when the sandbox is the provider.
  if (isSandboxPayments(payments)) {
    // Its webhook secret may live in the database, whose tables exist once the migrations have run.
    app.addHook('onReady', async () => payments.ready());
    app.addHook('onClose', async () => payments.close());
    await app.register(sandboxPaymentRoutes, {
      sandbox: payments,
      publicUrl: config.publicUrl,
      returnOrigins: consoleOrigins(config),
    });
  }

  if (config.webDistDir) await app.register(staticWebPlugin, { root: config.webDistDir });
  // A paid order-refund due runs the refund it was waiting for (its key makes it happen once).
  app.refunds.onDuePaid((due) => dues.runPlan(due));
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
