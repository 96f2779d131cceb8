import path from 'node:path';
import { DEFAULT_IMAGE_LIMIT, DEV_CLIENT_CREDENTIALS, isCurrencyCode } from '@marquee/contract';
import { z } from 'zod';
import {
  SOCIAL_ENV,
  type SocialEnv,
  socialConfig,
  socialConfigIssues,
} from './adapters/oidc/social.config.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/**
 * Every environment variable the server reads, with its default. The README's configuration table
 * lists the same names; keep them in step.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(0, 65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    /** A direct connection (not through PgBouncer) for migrations and the start-up lock; default DATABASE_URL. */
    MIGRATION_DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    DB_APPLICATION_NAME: z
      .string()
      .regex(/^[\w.-]{1,40}$/, 'must be 1 to 40 letters, digits, dots, dashes or underscores')
      .default('marquee'),
    EMBEDDED_PG_PORT: int(1024, 65535).default(54329),
    DB_POOL_MAX: int(1, 1000).default(10),
    DB_CONNECTION_TIMEOUT_MS: int(100, 600_000).default(5_000),
    DB_STATEMENT_TIMEOUT_MS: int(100, 3_600_000).default(30_000),
    DB_LOCK_TIMEOUT_MS: int(10, 600_000).default(5_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(100, 3_600_000).default(30_000),
    HTTP_HEADERS_TIMEOUT_MS: int(100, 600_000).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: int(100, 3_600_000).default(60_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: int(100, 600_000).default(72_000),
    EXPORT_MAX_CONCURRENT: int(1, 100).default(4),
    EXPORT_MAX_PER_USER: int(1, 100).default(2),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CLIENT_ID: z.string().min(1).default(DEV_CLIENT_CREDENTIALS.clientId),
    CLIENT_SECRET: z.string().min(1).default(DEV_CLIENT_CREDENTIALS.clientSecret),
    SECRET_KEY: z.string().min(1).default(DEV_CLIENT_CREDENTIALS.secretKey),
    SESSION_IDLE_HOURS: int(1, 24 * 365).default(24 * 14),
    SESSION_MAX_DAYS: int(1, 3650).default(30),
    LOGIN_MAX_FAILURES: int(1, 100).default(5),
    LOGIN_LOCK_MINUTES: int(1, 24 * 60).default(15),
    LOGIN_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(30),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, colons, dashes or underscores')
      .default('marquee:'),
    /** Unset: no metrics endpoint at all. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** After SIGTERM: how long requests are still served while readiness answers 503 (lib/shutdown.ts). */
    SHUTDOWN_DRAIN_MS: int(0, 600_000).optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    API_ORIGINS: z.string().default(''),
    TRUST_PROXY: bool.default(false),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Marquee <no-reply@marquee.local>'),
    MESSAGE_RETENTION_DAYS: int(1, 3650).default(90),
    /** False: this process renders and sends no outgoing messages (another process with it on does). */
    MESSAGE_DELIVERY: bool.default(true),
    ATTENDEE_MESSAGES_PER_HOUR: int(1, 1000).default(5),
    ATTENDEE_MESSAGE_RECIPIENTS_PER_DAY: int(1, 10_000_000).default(5000),
    SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    SMS_ACCOUNT_SID: z.string().min(1).optional(),
    SMS_AUTH_TOKEN: z.string().min(1).optional(),
    SMS_FROM: z.string().min(1).optional(),
    OTP_SEND_LIMIT_PER_HOUR: int(1, 1000).default(5),
    CODE_CHECK_LIMIT_PER_HOUR: int(1, 100_000).default(30),
    ...SOCIAL_ENV,
    MEDIA_MAX_BYTES: int(1024, 100 * 1024 * 1024).default(5 * 1024 * 1024),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
    S3_PREFIX: z.string().default(''),
    DEFAULT_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a 3-letter ISO 4217 code in capitals, e.g. USD')
      .refine(isCurrencyCode, 'is not an ISO 4217 currency code')
      .default('USD'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
      .optional(),
    EVENT_IMAGE_LIMIT: int(1, 50).default(DEFAULT_IMAGE_LIMIT),
    SERVICE_FEE_PERCENT_BPS: int(0, 10_000).default(250),
    SERVICE_FEE_FIXED: int(0, 100_000).default(99),
    BOOKING_HOLD_MINUTES: int(1, 24 * 60).default(10),
    BOOKING_SWEEP_SECONDS: int(0, 3600).default(30),
    STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be the endpoint's Stripe signing secret (whsec_…)")
      .optional(),
    // Unset: the installation makes its own at its first start (adapters/payments/sandbox-webhook-secret.ts).
    SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    SANDBOX_WEBHOOK_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    SANDBOX_DELAYED_FAILURE_SECONDS: int(0, 600).default(3),
    /** How long each sandbox refund takes (ms): a slow provider, for the restart test of refund jobs. */
    SANDBOX_REFUND_DELAY_MS: int(0, 60_000).default(0),
  })
  .superRefine((env, ctx) => {
    // Node refuses a server whose headers may take longer than the whole request.
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: `must be at most HTTP_REQUEST_TIMEOUT_MS (${env.HTTP_REQUEST_TIMEOUT_MS})`,
      });
    if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['MIGRATION_DATABASE_URL'],
        message: 'is used only with DATABASE_URL (the embedded database needs neither)',
      });
    if (env.SMS_GATEWAY_URL) {
      for (const name of ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_GATEWAY_URL is set' });
      }
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    // npm runs workspace scripts inside the workspace; a relative DATA_DIR means the folder the command was typed in.
    dataDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    /**
     * Migrations and the start-up lock (server.ts, `npm run db:migrate`) run here, so that DATABASE_URL
     * may point at PgBouncer in transaction mode (docs/operations.md, "Connections").
     */
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL,
    /** Names the installation in `pg_stat_activity.application_name` (db/client.ts connectionName). */
    dbApplicationName: env.DB_APPLICATION_NAME,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    /** Bounded waits on the database (db/client.ts): no request can hold a connection or a lock forever. */
    database: {
      max: env.DB_POOL_MAX,
      connectionTimeoutMs: env.DB_CONNECTION_TIMEOUT_MS,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    /**
     * How long a caller may take to send a request (app.ts): its headers, and the whole request with its
     * body; an idle keep-alive connection is closed after `keepAliveTimeoutMs`. A sender too slow is
     * dropped instead of holding a socket for as long as it likes.
     */
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    /**
     * File exports (modules/orders/export/export-slots.ts): at most `maxConcurrent` at once in this
     * process, on a pool of their own of that size, and `maxPerUser` per person (429 past it).
     */
    exports: { maxConcurrent: env.EXPORT_MAX_CONCURRENT, maxPerUser: env.EXPORT_MAX_PER_USER },
    /** Demo data is on by default on the embedded database only, so a real database is never filled with it by accident. */
    seedDemo: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
    logLevel: env.LOG_LEVEL,
    client: { id: env.CLIENT_ID, secret: env.CLIENT_SECRET, secretKey: env.SECRET_KEY },
    session: { idleHours: env.SESSION_IDLE_HOURS, maxDays: env.SESSION_MAX_DAYS },
    login: {
      maxFailures: env.LOGIN_MAX_FAILURES,
      lockMinutes: env.LOGIN_LOCK_MINUTES,
      rateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    },
    redisUrl: env.REDIS_URL,
    /** Before every rate-limit key and pub/sub channel, so installations can share one Redis. */
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    /** `GET /api/metrics` (Prometheus) answers only with this bearer token; unset, it does not exist. */
    metricsToken: env.METRICS_TOKEN,
    /** Behind a load balancer the drain lets it notice readiness's 503; at a terminal nobody waits for that. */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0),
    webDistDir: env.WEB_DIST_DIR,
    /** Extra origins the console may call (its other base hosts), added to the content security policy. */
    apiOrigins: env.API_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    social: socialConfig(env as SocialEnv & { PORT: number }),
    media: {
      maxBytes: env.MEDIA_MAX_BYTES,
      /** Local disk under DATA_DIR/media unless S3_BUCKET is set. */
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            // Self-hosted S3-compatible stores (MinIO, Ceph, …) want path-style addresses.
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
            prefix: env.S3_PREFIX,
          }
        : undefined,
    },
    /** Where people reach the console; links in emails point here. */
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    /** SENT outgoing messages are deleted this long after they were sent (modules/messages, purge job). */
    messageRetentionDays: env.MESSAGE_RETENTION_DAYS,
    /**
     * Whether this process runs the delivery loop of outgoing messages (modules/messages). Rendering a
     * confirmation (QR images, the PDF) costs more CPU than the checkout that enqueued it: API processes
     * of a busy sale may leave it to a process of their own (docs/operations.md, "Outgoing messages").
     */
    messageDelivery: env.MESSAGE_DELIVERY,
    /** Messages to attendees, per organization: sends per clock hour, recipients per UTC day (docs/attendee-messages.md). */
    attendeeMessages: {
      sendsPerHour: env.ATTENDEE_MESSAGES_PER_HOUR,
      recipientsPerDay: env.ATTENDEE_MESSAGE_RECIPIENTS_PER_DAY,
    },
    sms: env.SMS_GATEWAY_URL
      ? {
          gatewayUrl: env.SMS_GATEWAY_URL.replace(/\/+$/, ''),
          accountSid: env.SMS_ACCOUNT_SID ?? '',
          authToken: env.SMS_AUTH_TOKEN ?? '',
          from: env.SMS_FROM ?? '',
        }
      : undefined,
    otp: {
      sendLimitPerHour: env.OTP_SEND_LIMIT_PER_HOUR,
      /** Codes, reset links and invitation links checked per client address per hour. */
      checkLimitPerHour: env.CODE_CHECK_LIMIT_PER_HOUR,
    },
    /** Currency of a new organization when its organizer chooses none. */
    defaultCurrency: env.DEFAULT_CURRENCY,
    /** Stripe Connect when STRIPE_SECRET_KEY is set; otherwise the sandbox provider (docs/payments.md). */
    payments: {
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            apiBase: env.STRIPE_API_BASE?.replace(/\/+$/, ''),
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
      /**
       * The sandbox's webhooks: signed with this secret (default: the installation's own, kept in the
       * database), sent to this URL (default: where the server listens).
       */
      sandbox: {
        webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
        webhookUrl: env.SANDBOX_WEBHOOK_URL,
        delayedFailureMs: env.SANDBOX_DELAYED_FAILURE_SECONDS * 1000,
        refundDelayMs: env.SANDBOX_REFUND_DELAY_MS,
      },
    },
    /** Images one event may have (the spec's default: 1). */
    events: { imageLimit: env.EVENT_IMAGE_LIMIT },
    /**
     * The platform's service fee per ticket (docs/events.md, "Service fee"): basis points of the price
     * plus a fixed amount in minor units of a 2-digit currency, scaled to each currency's digits.
     */
    serviceFee: { percentBasisPoints: env.SERVICE_FEE_PERCENT_BPS, fixed: env.SERVICE_FEE_FIXED },
    /**
     * Checkout (docs/selling.md): how long a paid booking holds its seats, and how often the sweep gives
     * back expired holds (0: no timer; holds are still released before each checkout and event read).
     */
    booking: { holdMinutes: env.BOOKING_HOLD_MINUTES, sweepSeconds: env.BOOKING_SWEEP_SECONDS },
    /** The outbox call exists on servers with demo data only (SEED_DEMO), never in production. */
    devOutbox: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
  };
}

export class ConfigError extends Error {}

/** Reads and validates configuration; a bad value fails with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.superRefine(socialConfigIssues).safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

/** Configuration for tests and tools: defaults plus the given overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
