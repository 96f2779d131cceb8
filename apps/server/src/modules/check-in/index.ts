import type { FastifyInstance } from 'fastify';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import { salesNotices } from '../booking/index.js';
import { refundEngine } from '../refunds/index.js';
import { livePlugin } from './live/live.plugin.js';
import { readRoutes } from './routes/reads.routes.js';
import { scanRoutes } from './routes/scan.routes.js';
import { createScanEngine } from './scan-engine.js';

/** The scan engine: scans decided in PostgreSQL; live counts listen to it (one per app). */
export const scanEngine = perApp((ports: Ports) =>
  createScanEngine({ db: ports.db, clock: ports.clock, metrics: ports.metrics }),
);

/**
 * Door check-in (docs/check-in.md): the check-in calls, the screen's reads and the live stream, whose
 * counts move with scans here, with refunds (the refund engine's notice) and with sales (booking's).
 */
export async function checkInModule(app: FastifyInstance, ports: Ports) {
  const { db, clock } = ports;
  const engine = scanEngine(ports);
  await app.register(scanRoutes, { clock, unitOfWork: ports.unitOfWork, engine });
  await app.register(readRoutes, { db, clock });
  await app.register(livePlugin, {
    db,
    clock,
    engine,
    pubsub: ports.pubsub,
    refunds: refundEngine(ports),
    sales: salesNotices(ports),
  });
}
