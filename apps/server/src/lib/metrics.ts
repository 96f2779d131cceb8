import type { Pool } from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics } from '../ports.js';

/** Jobs by queue and state, as the job queue reads them on a scrape (lib/jobs.ts). */
export type QueueCounts = () => Promise<{ queue: string; state: string; jobs: number }[]>;
/** Outgoing messages not sent yet, by state (PENDING, FAILED), read on a scrape (modules/messages). */
export type MessageCounts = () => Promise<{ state: string; messages: number }[]>;

/** Request durations (seconds): from a fast read to the slowest a request may take (HTTP_REQUEST_TIMEOUT_MS). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The process's Prometheus metrics, in a registry of this app's own (tests build many apps in one
 * process): requests per route pattern and status class, the database pool and the job queue read
 * when scraped, and what modules count through the `Metrics` port.
 */
export function createMetrics(sources: {
  pool: Pool;
  queueCounts: QueueCounts;
  messageCounts: MessageCounts;
}) {
  const registry = new Registry();
  const requests = new Counter({
    name: 'marquee_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'marquee_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const { pool } = sources;
  new Gauge({
    name: 'marquee_db_pool_connections',
    help: "The API pool's connections: in use, idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'marquee_job_queue_jobs',
    help: 'Jobs in the queue by queue and state (created, retry, active, failed), read when scraped.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, state, jobs } of await sources.queueCounts()) this.set({ queue, state }, jobs);
    },
  });
  new Gauge({
    name: 'marquee_outgoing_messages',
    help: 'Outgoing emails and SMS waiting to be sent (pending) or given up (failed), read when scraped.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = new Map((await sources.messageCounts()).map((c) => [c.state, c.messages]));
      // Both series always, so an alert on failed > 0 has a series to look at from the start.
      this.set({ state: 'pending' }, counts.get('PENDING') ?? 0);
      this.set({ state: 'failed' }, counts.get('FAILED') ?? 0);
    },
  });
  const deliveries = new Counter({
    name: 'marquee_outgoing_message_deliveries_total',
    help: 'Delivery attempts of outgoing messages in this process: sent, to be tried again (retry), given up (failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'marquee_job_failures_total',
    help: 'Jobs whose handler failed in this process (pg-boss retries them), by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const checkouts = new Counter({
    name: 'marquee_checkouts_total',
    help: 'Checkouts started, confirmed (paid or free) and failed (payment refused).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const refunds = new Counter({
    name: 'marquee_refunds_total',
    help: 'Refunds processed by the provider, and refused by it.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const admissions = new Counter({
    name: 'marquee_admissions_total',
    help: 'Door scans decided: admitted, already scanned, or invalid (refunded, cancelled, wrong event or date, unknown).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const port: Metrics = {
    checkout: (outcome) => checkouts.inc({ outcome }),
    refund: (outcome) => refunds.inc({ outcome }),
    admission: (outcome) => admissions.inc({ outcome }),
    jobFailed: (queue) => jobFailures.inc({ queue }),
    messageDelivery: (outcome) => deliveries.inc({ outcome }),
  };
  return {
    port,
    registry,
    /** One answered request; `route` is the matched pattern (`/api/v1/event/:id`), never the raw URL. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status_class: `${Math.floor(status / 100)}xx` };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
  };
}
