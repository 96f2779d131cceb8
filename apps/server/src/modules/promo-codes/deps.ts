import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../lib/access/index.js';

export interface PromoCodeDeps {
  db: Db;
  unitOfWork: UnitOfWork;
}

/** Who changes codes: the caller and the event their declaration resolved (`manage`). */
export interface Organizer {
  actor: Actor;
  event: EventGrant;
}
