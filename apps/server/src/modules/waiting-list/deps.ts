import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';

export interface WaitingListDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  /** The links in the emails point here. */
  publicUrl: string;
}

/** Who acts in the console: the caller and the event their declaration resolved (`manage`). */
export interface Organizer {
  actor: Actor;
  event: EventGrant;
}
