import type { WaitingListDeps } from './deps.js';
import { offerKeptSeats, returnOfferedSeats } from './offering.js';
import { dueOffers, moveEntry } from './repo/entries.js';
import { poolsWithSeats } from './repo/seats.js';

/** At most this many offers or lines per pass: a backlog is worked off over a few passes. */
const BATCH = 100;
const who = { system: 'waiting-list-sweep', requestId: 'waiting-list-sweep' };

/**
 * One pass of the waiting lists (docs/waiting-list.md): offers whose time ran out expire and their
 * seats go back to their line's pool; then every pool with seats is offered to the next people in
 * line (or given back to sale when nobody waits). Each step is its own unit of work with locked rows,
 * so two servers sweeping at once offer each seat once. Returns the offers expired and made.
 */
export async function sweepWaitingLists(
  deps: WaitingListDeps,
): Promise<{ expired: number; offered: number }> {
  const expired = await deps.unitOfWork(
    async (change) => {
      const due = await dueOffers(change.tx, change.now, BATCH);
      for (const entry of due) {
        const moved = await moveEntry(change.tx, entry.id, ['OFFERED'], {
          status: 'EXPIRED',
          updatedAt: change.now,
        });
        if (!moved) continue;
        await returnOfferedSeats(change, entry);
        await change.audit({
          action: 'WAITING_LIST_OFFER_EXPIRED',
          entityType: 'WAITING_LIST_ENTRY',
          entityId: entry.id,
          organizationId: entry.organizationId,
          before: { status: 'OFFERED', seats: entry.offeredQuantity },
          after: { status: 'EXPIRED' },
        });
      }
      return due.length;
    },
    { who },
  );
  let offered = 0;
  for (const inventoryId of await poolsWithSeats(deps.db, BATCH)) {
    offered += await deps.unitOfWork((change) => offerKeptSeats(change, deps.publicUrl, inventoryId), {
      who,
    });
  }
  return { expired, offered };
}

/** The periodic pass (app lifecycle): unref'd so it never keeps the process alive; stop() on close. */
export function startWaitingListSweep(
  deps: WaitingListDeps,
  everySeconds: number,
  log: { error(obj: object, msg: string): void },
) {
  if (everySeconds <= 0) return { stop() {} };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepWaitingLists(deps)
      .catch((error) => log.error({ err: error }, 'the waiting list sweep failed'))
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
