import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Clock } from '../../../lib/clock.js';
import { addRoute } from '../../../lib/route.js';
import { markTickets } from '../commands/mark-tickets.js';
import type { ScanEngine } from '../scan-engine.js';

/**
 * The door's writes (docs/check-in.md): a scan, a device's offline queue, manual marks. Each call's
 * access declaration resolved the event at `scan` level (owners, administrators, the event's organizers
 * and scanners; anyone else 404) before the handler runs.
 */
export async function scanRoutes(
  app: FastifyInstance,
  opts: { clock: Clock; unitOfWork: UnitOfWork; engine: ScanEngine },
) {
  const { clock, engine } = opts;
  const markDeps = { unitOfWork: opts.unitOfWork, notify: engine.notify };

  addRoute(app, c.scanTicket, async ({ actor, body, event }) => {
    const outcome = await engine.scan(
      {
        eventId: body.eventId,
        occurrenceId: body.occurrenceId,
        code: body.code,
        actorId: actor.user.id,
        deviceId: body.deviceId,
        nonce: body.nonce,
        source: 'ONLINE',
        scannedAt: clock.now(),
        localResult: null,
      },
      event.event.timeZone ?? 'UTC',
    );
    return { message: outcome.message, result: outcome };
  });

  addRoute(app, c.syncOfflineScans, async ({ actor, body, event }) => {
    const outcomes = await engine.syncOffline(
      {
        eventId: body.eventId,
        actorId: actor.user.id,
        deviceId: body.deviceId,
        zone: event.event.timeZone ?? 'UTC',
      },
      body.scans,
    );
    const conflicts = outcomes.filter((outcome) => outcome.conflict).length;
    return {
      message:
        conflicts > 0
          ? `${outcomes.length} offline scans synced; ${conflicts} admitted twice while offline.`
          : `${outcomes.length} offline scans synced.`,
      result: { outcomes, conflicts },
    };
  });

  addRoute(app, c.markScannedUnscannedTickets, async ({ actor, body }) => {
    const result = await markTickets(markDeps, {
      eventId: body.eventId,
      occurrenceId: body.occurrenceId,
      scanned: body.scanned,
      ticketIds: body.ticketIds,
      actorId: actor.user.id,
      deviceId: body.deviceId ?? null,
    });
    const state = body.scanned ? 'scanned' : 'not scanned';
    const refused = result.refused.length > 0 ? ` ${result.refused.length} could not be marked.` : '';
    return {
      message: `${result.changed} marked ${state}, ${result.unchanged} already ${state}.${refused}`,
      result,
    };
  });
}
