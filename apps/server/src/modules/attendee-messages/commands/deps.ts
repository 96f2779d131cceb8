import type { Db } from '../../../db/client.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';

export interface AttendeeMessageDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  limits: { sendsPerHour: number; recipientsPerDay: number };
}

/** Who writes: the caller and the event their declaration resolved (`manage`). */
export interface Organizer {
  actor: Actor;
  event: EventGrant;
}
