import type { FastifyInstance } from 'fastify';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import { deliverDueMessages, type MessageRenderer } from './deliver.js';
import { onNudge } from './nudge.js';

export { nudgeDelivery } from './nudge.js';

import { purgeSentMessages } from './repo.js';
import { messageRoutes } from './routes.js';

export type { MessageRenderer } from './deliver.js';
export { enqueueEmail, enqueueSms } from './enqueue-email.js';
export {
  enqueueMessage,
  enqueueMessages,
  type OutgoingMessage,
  type OutgoingMessageRow,
  outboxInsertSql,
  outboxValues,
  recentOrderMessages,
  unsentMessageCounts,
  withdrawMessage,
} from './repo.js';

/** How often the delivery loop looks for due messages when nothing nudged it. */
const POLL_MS = 5_000;

/** The retention purge's queue and cron (UTC, daily at 03:41, once across all processes). */
export const MESSAGE_PURGE_JOB = 'outgoing-message-purge';
export const MESSAGE_PURGE_CRON = '41 3 * * *';

/**
 * SENT messages older than MESSAGE_RETENTION_DAYS, deleted (docs/operations.md, "Outgoing messages").
 * The schedule's worker and tests call it.
 */
export async function purgeOldMessages(ports: Ports, batchSize?: number): Promise<number> {
  const days = ports.config.messageRetentionDays;
  const before = new Date(ports.clock.now().getTime() - days * 86_400_000);
  return purgeSentMessages(ports.db, before, batchSize);
}

/** The renderers of this app, by message kind; each module registers its own kinds when it is built. */
const renderers = perApp((_ports: Ports) => new Map<string, MessageRenderer>());

/** The renderers registered in this app (a second worker in a test runs with the same). */
export function messageRenderers(ports: Ports): ReadonlyMap<string, MessageRenderer> {
  return renderers(ports);
}

export function registerMessageRenderer(ports: Ports, kind: string, render: MessageRenderer): void {
  renderers(ports).set(kind, render);
}

/** One delivery run over every due message (the loop's step; tests call it instead of waiting). */
export function deliverMessages(ports: Ports) {
  return deliverDueMessages({
    db: ports.db,
    clock: ports.clock,
    mailer: ports.mailer,
    sms: ports.sms,
    log: ports.log,
    renderers: renderers(ports),
    metrics: ports.metrics,
  });
}

/**
 * The delivery loop of this process, where background work runs (`ports.jobs.enabled`) and delivery is
 * not left to another process (MESSAGE_DELIVERY): a run at
 * start (messages a stopped process left), on every nudge after a commit, and every few seconds for
 * retries that came due. Runs never overlap within a process; across processes claimDueMessages keeps
 * them apart.
 */
export async function messagesModule(app: FastifyInstance, ports: Ports) {
  await app.register(messageRoutes, { ports });
  ports.jobs.work(MESSAGE_PURGE_JOB, async () => {
    const purged = await purgeOldMessages(ports);
    if (purged > 0) app.log.info({ purged }, 'sent messages past their retention purged');
  });
  ports.jobs.schedule(MESSAGE_PURGE_JOB, MESSAGE_PURGE_CRON);
  // MESSAGE_DELIVERY=false: the rows wait for a process that delivers (they are claimed with a lease).
  if (!ports.jobs.enabled || !ports.config.messageDelivery) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverMessages(ports)
      .catch((error) => app.log.error({ err: error }, 'message delivery run failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  let stopListening = () => {};
  app.addHook('onReady', async () => {
    stopListening = onNudge(run);
    timer = setInterval(run, POLL_MS);
    timer.unref();
    run();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    stopListening();
    if (timer) clearInterval(timer);
    await running;
  });
}
