import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './adapters/mailer/mailer.js';
import { createMediaStorage, type MediaStorage } from './adapters/media-storage/index.js';
import { createOidcClients, type OidcClients } from './adapters/oidc/oidc.js';
import { createPaymentsProvider, type PaymentsProvider } from './adapters/payments/index.js';
import { SANDBOX_WEBHOOK_PATH, type WebhookSender } from './adapters/payments/sandbox-checkout.js';
import type { SettlePayment } from './adapters/payments/webhook.routes.js';
import { createHttpSmsGateway, createOutboxSms, type SmsSender } from './adapters/sms/sms.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createUnitOfWork, type UnitOfWork } from './db/unit-of-work.js';
import type { Clock } from './lib/clock.js';
import type { Jobs } from './lib/jobs.js';
import type { PubSub } from './lib/pubsub.js';
import type { RedisLink } from './lib/redis.js';
import type { Lifecycle } from './lib/shutdown.js';

/**
 * What every module is given, the same for all (app.ts registers each module's plugin with it): the
 * configuration, the database and clock, the adapters to the outside world and the process's shared
 * infrastructure. A module builds its own services from these; a service another module needs is
 * reached through that module's entry (`lib/per-app.ts`), never through a Fastify decorator.
 */
export interface Ports {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  sms: SmsSender;
  payments: PaymentsProvider;
  storage: MediaStorage;
  oidcClients: OidcClients;
  unitOfWork: UnitOfWork;
  jobs: Jobs;
  pubsub: PubSub;
  lifecycle: Lifecycle;
  redis?: RedisLink;
  /** Counts for the metrics endpoint (plugins/metrics.ts); they go nowhere while it is off. */
  metrics: Metrics;
  /** Tests only: what a payment's outcome does, instead of the booking's settlement (modules/payments). */
  settle?: SettlePayment;
}

/**
 * What modules count for the operator (Prometheus, plugins/metrics.ts), told where a module already
 * knows the outcome; modules never import the metrics library itself.
 */
export interface Metrics {
  checkout(outcome: 'started' | 'confirmed' | 'failed'): void;
  refund(outcome: 'processed' | 'failed'): void;
  admission(outcome: 'admitted' | 'already_scanned' | 'invalid'): void;
  jobFailed(queue: string): void;
  /** One delivery attempt of an outgoing message: sent, to be tried again, or given up (FAILED). */
  messageDelivery(outcome: 'sent' | 'retry' | 'failed'): void;
}

/** Metrics off (no METRICS_TOKEN): every count is dropped. */
export const noMetrics: Metrics = {
  checkout: () => {},
  refund: () => {},
  admission: () => {},
  jobFailed: () => {},
  messageDelivery: () => {},
};

/** The adapters a test may replace; by default each is built from the configuration. */
export interface AdapterOverrides {
  oidcClients?: OidcClients;
  mediaStorage?: MediaStorage;
  mailer?: Mailer;
  sms?: SmsSender;
  payments?: PaymentsProvider;
  sandboxWebhookSender?: WebhookSender;
}

/** Email, SMS, media storage, social login clients and payments, from the configuration unless given. */
export function createAdapters(
  app: FastifyInstance,
  deps: { config: Config; db: Db; clock: Clock; organizationName: (id: string) => Promise<string | null> },
  overrides: AdapterOverrides,
) {
  const { config, db, clock } = deps;
  const mailer =
    overrides.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from, log: app.log })
      : createOutboxMailer({ db, log: app.log }));
  if (mailer.close) app.addHook('onClose', async () => mailer.close?.());
  const sms =
    overrides.sms ??
    (config.sms
      ? createHttpSmsGateway({ ...config.sms, log: app.log })
      : createOutboxSms({ db, log: app.log }));
  const payments =
    overrides.payments ??
    createPaymentsProvider(config, {
      db,
      clock,
      // The sandbox's onboarding page names the organization it onboards.
      organizationName: deps.organizationName,
      sandboxWebhookUrl: () => listeningWebhookUrl(app, config),
      sandboxWebhookSender: overrides.sandboxWebhookSender,
      log: app.log,
    });
  return {
    mailer,
    sms,
    payments,
    storage: overrides.mediaStorage ?? createMediaStorage(config),
    oidcClients: overrides.oidcClients ?? createOidcClients(config.social),
    unitOfWork: createUnitOfWork({ db, clock, log: app.log }),
  };
}

/** The sandbox calls this very server back, where it listens (unless SANDBOX_WEBHOOK_URL says otherwise). */
function listeningWebhookUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return `${config.publicUrl}${SANDBOX_WEBHOOK_PATH}`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${SANDBOX_WEBHOOK_PATH}`;
}
