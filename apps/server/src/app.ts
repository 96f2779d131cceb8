import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { SettlePayment } from './adapters/payments/webhook.routes.js';
import type { Config } from './config.js';
import { connectionName, type Db, poolOf } from './db/client.js';
import { createIdempotencyStore } from './db/idempotency-store.js';
import type { StartupLock } from './db/startup-lock.js';
import { type Clock, systemClock } from './lib/clock.js';
import { exportSlotsFor } from './lib/export/export-slots.js';
import { registerIdempotencyPurge } from './lib/idempotency.js';
import { jobsPlugin } from './lib/jobs.js';
import { redactingLogSerializers } from './lib/log-redaction.js';
import { createMetrics } from './lib/metrics.js';
import { pubsubPlugin } from './lib/pubsub.js';
import { createRedisLink } from './lib/redis.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { createLifecycle } from './lib/shutdown.js';
import { accountModule } from './modules/account/index.js';
import { adminDashboardModule } from './modules/admin-dashboard/index.js';
import { approvalsModule } from './modules/approvals/index.js';
import { attendeeMessagesModule } from './modules/attendee-messages/index.js';
import { auditLogModule } from './modules/audit-log/index.js';
import { authModule, authService } from './modules/auth/index.js';
import { bannersModule } from './modules/banners/index.js';
import { bookingModule, publicEventPageData } from './modules/booking/index.js';
import { catalogModule } from './modules/catalog/index.js';
import { checkInModule } from './modules/check-in/index.js';
import { checkoutQuestionsModule } from './modules/checkout-questions/index.js';
import { contentModule } from './modules/content/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { devOutboxModule } from './modules/dev-outbox/index.js';
import { eventsModule } from './modules/events/index.js';
import { healthModule } from './modules/health/index.js';
import { mediaModule } from './modules/media/index.js';
import { messagesModule, unsentMessageCounts } from './modules/messages/index.js';
import { ordersModule } from './modules/orders/index.js';
import { organizationName, organizationsModule } from './modules/organizations/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { payoutsModule } from './modules/payouts/index.js';
import { promoCodesModule } from './modules/promo-codes/index.js';
import { referenceModule } from './modules/reference/index.js';
import { refundsModule } from './modules/refunds/index.js';
import { socialModule, socialProviders } from './modules/social/index.js';
import { userManagementModule } from './modules/user-management/index.js';
import { waitingListModule } from './modules/waiting-list/index.js';
import { accessPlugin } from './plugins/access.js';
import { authPlugin } from './plugins/auth.js';
import { clientHeadersPlugin } from './plugins/client-headers.js';
import { compressPlugin } from './plugins/compress.js';
import { errorsPlugin } from './plugins/errors.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { securityPlugin } from './plugins/security.js';
import { staticWebPlugin } from './plugins/static-web.js';
import { textInputPlugin } from './plugins/text-input.js';
import { type AdapterOverrides, createAdapters, noMetrics, type Ports } from './ports.js';

export interface AppDeps extends AdapterOverrides {
  config: Config;
  db: Db;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** What a payment's outcome does to its booking, once per provider event (the payment webhook). */
  settle?: SettlePayment;
  /**
   * Run the job queue (pg-boss, `lib/jobs.ts`): event cancellation refunds, resuming pending refunds,
   * payouts. Default: on, except under NODE_ENV=test, where a test asks for it (starting it per test
   * file costs time); without it queued work waits in its rows for a server that runs the queue.
   */
  jobs?: boolean;
  /** Start-up work of several processes in turn (db/startup-lock.ts); the server's is on its migration connection. */
  startupLock?: StartupLock;
}

/** The largest request body (JSON or form); uploads and webhooks declare their own. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The modules, in the order their routes are registered. Each is a Fastify plugin given the same
 * ports (ports.ts); a module builds its own services and reaches another module only through that
 * module's entry (`modules/<name>/index.ts`).
 */
const MODULES: ((app: FastifyInstance, ports: Ports) => Promise<void>)[] = [
  healthModule,
  authModule,
  socialModule,
  mediaModule,
  catalogModule,
  bannersModule,
  referenceModule,
  accountModule,
  contentModule,
  adminDashboardModule,
  approvalsModule,
  organizationsModule,
  payoutsModule,
  eventsModule,
  ordersModule,
  attendeeMessagesModule,
  checkoutQuestionsModule,
  promoCodesModule,
  dashboardModule,
  refundsModule,
  bookingModule,
  waitingListModule,
  checkInModule,
  userManagementModule,
  auditLogModule,
  devOutboxModule,
  paymentsModule,
  messagesModule,
];

declare module 'fastify' {
  interface FastifyInstance {
    /** What every module was given; tests reach a module's services with it (`refundEngine(app.ports)`). */
    ports: Ports;
  }
}

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
    // Every schema is zod (fastify-type-provider-zod): naming its compilers here keeps Fastify from
    // loading and building its default Ajv and fast-json-stringify compilers at start (about 0.1–0.2 s).
    // Fastify types these factories as Ajv's; the zod compilers take the routes' zod schemas.
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => responseSerializerCompiler) as never,
      },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler as never);
  // Stopping (lib/shutdown.ts): readiness answers 503 and, while the last requests are served, every
  // answer closes its connection, so no client is left holding a keep-alive connection the server is
  // about to close under it.
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  // Synchronous, as every hook all requests run: an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (lifecycle.stopping) reply.header('connection', 'close');
    done(null, payload);
  });

  const adapters = createAdapters(
    app,
    { config, db, clock, organizationName: (id) => organizationName(db, id) },
    deps,
  );
  // File exports take a slot and stream from a pool of their own (lib/export/export-slots.ts).
  const exportSlots = exportSlotsFor(
    db,
    config.exports,
    (error) => app.log.warn(`export connection lost: ${error.message}`),
    connectionName('export', config.dbApplicationName),
  );
  app.decorate('exportSlots', exportSlots);
  app.addHook('onClose', async () => exportSlots.close());
  // Read by addRoute on every POST/PUT/DELETE that carries an idempotency-key (lib/idempotency.ts).
  const idempotency = createIdempotencyStore({ db, clock });
  app.decorate('idempotency', idempotency);
  // Prometheus (METRICS_TOKEN): requests, the pool and the queue, and what modules count (ports.metrics).
  const metrics = config.metricsToken
    ? createMetrics({
        pool: poolOf(db),
        queueCounts: () => app.jobs.counts(),
        messageCounts: () => unsentMessageCounts(db),
      })
    : undefined;
  // `app.jobs`; it starts once the app is ready (after the server's migrations).
  await app.register(jobsPlugin, {
    db,
    enabled: deps.jobs ?? config.env !== 'test',
    startupLock: deps.startupLock,
    onFailed: metrics?.port.jobFailed,
  });
  // Expired idempotency keys are purged hourly in batches (lib/idempotency.ts).
  registerIdempotencyPurge(app, idempotency);
  await app.register(errorsPlugin);
  // Before any route: JSON bodies nesting too deep are refused before they are parsed or walked.
  await app.register(jsonBodyPlugin);
  await app.register(requestLogPlugin, { config });
  // Before any route (the documentation's included): every /api route must declare its access.
  await app.register(accessPlugin, { db });
  // Before the modules' routes, so that every route's answers are counted; its own route declares its access.
  if (metrics && config.metricsToken)
    await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(securityPlugin, { config });
  // Redis (REDIS_URL) shares rate-limit counters and live check-in messages between API processes;
  // while it is away both fall back to this process (lib/redis.ts). Closed after the plugins using it.
  const redis = config.redisUrl
    ? createRedisLink(config.redisUrl, app.log, config.redisKeyPrefix)
    : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  await app.register(rateLimitPlugin, { redis });
  // `app.pubsub`: messages between API processes (live check-in), through Redis when REDIS_URL is set.
  await app.register(pubsubPlugin, { redis });
  // Before the routes it compresses (the documentation's, the modules', the console's files).
  await app.register(compressPlugin);
  await app.register(openapiPlugin);
  await app.register(clientHeadersPlugin, { config });

  const ports: Ports = {
    config,
    db,
    clock,
    log: app.log,
    ...adapters,
    jobs: app.jobs,
    pubsub: app.pubsub,
    lifecycle,
    redis,
    metrics: metrics?.port ?? noMetrics,
    settle: deps.settle,
  };
  app.decorate('ports', ports);
  await app.register(authPlugin, { auth: authService(ports) });
  await app.register(textInputPlugin);
  for (const module of MODULES) await app.register(module, ports);

  if (config.webDistDir)
    await app.register(staticWebPlugin, {
      root: config.webDistDir,
      publicUrl: config.publicUrl,
      publicEventPage: publicEventPageData(ports),
      socialLoginProviders: () => socialProviders({ social: config.social, clients: ports.oidcClients }),
    });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
