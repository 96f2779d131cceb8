import type { SessionRow, UserRow } from '../../db/rows.js';

/** The signed-in caller: set by authentication on every route that is not `public`. */
export interface Actor {
  user: UserRow;
  session: SessionRow;
}

export function isAdmin(actor: Actor): boolean {
  return actor.user.role === 'ADMIN';
}

/** An organizer is a user whose organizer request an administrator approved. */
export function isApprovedOrganizer(actor: Actor): boolean {
  return actor.user.organizerRequest === 'APPROVED';
}
