import type { SessionRow, UserRow } from '../../db/rows.js';

/**
 * The columns of the signed-in user every call carries: who they are and what they may do. The password
 * hash, login-failure counters and block details are read only where they are needed (sign-in, the
 * administrators' user screens), not on every authenticated call.
 */
export type ActorUser = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'username'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'phoneVerified'
  | 'avatar'
  | 'role'
  | 'status'
  | 'organizerRequest'
  | 'createdAt'
>;
export type ActorSession = Pick<SessionRow, 'id' | 'userId' | 'timezone' | 'lastSeenAt' | 'expiresAt'>;

/** The signed-in caller: set by authentication on every route that is not `public`. */
export interface Actor {
  user: ActorUser;
  session: ActorSession;
}

export function isAdmin(actor: Actor): boolean {
  return actor.user.role === 'ADMIN';
}

/** An organizer is a user whose organizer request an administrator approved. */
export function isApprovedOrganizer(actor: Actor): boolean {
  return actor.user.organizerRequest === 'APPROVED';
}
