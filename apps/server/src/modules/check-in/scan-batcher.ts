import type { Db } from '../../db/client.js';
import { decideScan, decideScanBatch, type OutcomeRow, type ScanInput } from './repo/scans.js';

/** Batches in PostgreSQL at once, and the most scans one batch carries (docs/check-in.md, "Bench"). */
export const SCAN_BATCH_SLOTS = 3;
export const SCAN_BATCH_MAX = 64;

interface Waiting {
  input: ScanInput;
  resolve: (row: OutcomeRow) => void;
  reject: (error: unknown) => void;
}

const byCode = (a: Waiting, b: Waiting) =>
  a.input.code < b.input.code ? -1 : a.input.code > b.input.code ? 1 : 0;

/**
 * Group commit for the door: the scans that arrive while `slots` batches are in PostgreSQL wait and go
 * together, in one statement and one transaction, when a slot frees (at most `max` a batch). A quiet
 * door's scan goes alone on the next turn of the event loop. Nothing is decided in Node and nothing is
 * remembered between batches: each scan is the same `checkin_scan` call it would be alone, so the rules
 * (exactly once per ticket and date, the nonce's first outcome) hold as they do one by one.
 *
 * A batch is sorted by ticket code (stable: one ticket's scans keep their order), so two batches take
 * their tickets' locks in the same order. When a batch fails (a date not of the event, a deadlock with
 * a retried nonce) nothing of it was kept, and its scans are decided one by one, each with its own answer.
 */
export function createScanBatcher(db: Db, options: { slots?: number; max?: number } = {}) {
  const slots = options.slots ?? SCAN_BATCH_SLOTS;
  const max = options.max ?? SCAN_BATCH_MAX;
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  function one(item: Waiting) {
    return decideScan(db, item.input).then(item.resolve, item.reject);
  }

  async function run(batch: Waiting[]) {
    if (batch.length === 1) return one(batch[0] as Waiting);
    batch.sort(byCode);
    let rows: OutcomeRow[];
    try {
      rows = await decideScanBatch(
        db,
        batch.map((item) => item.input),
      );
    } catch {
      await Promise.all(batch.map(one));
      return;
    }
    for (const [i, item] of batch.entries()) item.resolve(rows[i] as OutcomeRow);
  }

  function pump() {
    scheduled = false;
    while (inFlight < slots && waiting.length > 0) {
      const batch = waiting.length <= max ? waiting : waiting.slice(0, max);
      waiting = waiting.length <= max ? [] : waiting.slice(max);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    /** Decides one scan, in the next batch with a free slot. */
    decide(input: ScanInput): Promise<OutcomeRow> {
      return new Promise((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        if (scheduled || inFlight >= slots) return;
        scheduled = true;
        // The scans of this turn of the event loop go together.
        setImmediate(pump);
      });
    },
  };
}
