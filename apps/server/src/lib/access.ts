import type { Actor } from '../modules/auth/auth.service.js';
import { forbidden } from './errors.js';

/**
 * Role checks for calls whose existence is no secret (the admin catalog calls): a refusal is a 403.
 * Calls about one organizer's own data answer 404 for things the actor may not see instead.
 */
export const ADMIN_ONLY = 'Only administrators can do this.';
export const ORGANIZER_ONLY = 'Only approved organizers and administrators can do this.';

export function isAdmin(actor: Actor): boolean {
  return actor.user.role === 'ADMIN';
}

export function isOrganizer(actor: Actor): boolean {
  return actor.user.organizerRequest === 'APPROVED';
}

export function requireAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden(ADMIN_ONLY);
}

/** Administrators and approved organizers: the active lists. */
export function requireConsoleCatalogReader(actor: Actor): void {
  if (!isAdmin(actor) && !isOrganizer(actor)) throw forbidden(ORGANIZER_ONLY);
}

/** Requests for new catalog items come from approved organizers only. */
export function requireOrganizer(actor: Actor): void {
  if (!isOrganizer(actor)) throw forbidden('Only approved organizers can send requests.');
}
