import type { Db } from '../../../db/client.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Clock } from '../../../lib/clock.js';
import type { FeeRate } from '../fees.js';

/** What the events commands are given (bound once in the module's entry). */
export interface EventsDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  /** `publicUrl`: where the buyers' emails link to (the event's public page). */
  config: { imageLimit: number; serviceFee: FeeRate; publicUrl: string };
}
