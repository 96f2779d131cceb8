/**
 * How a profile uses the console (domain.md, "People and roles"); `consoleRoleOf` (features/auth) reads
 * it from the profile. `SCANNER`: a member whose only event roles are scanner: door check-in is all they do.
 */
export type ConsoleRole = 'ADMINISTRATOR' | 'ORGANIZER' | 'MEMBER' | 'SCANNER';

/**
 * Who may open a console screen or use an action on it, named like the contract's role access
 * (packages/contract route.ts) so a screen reads like the calls it makes. The one difference: the
 * console's `console` leaves out scanner-only members, whose console is the door alone; `session` is
 * everyone the session guard lets in, scanners included.
 */
export const SCREEN_ACCESS = {
  admin: ['ADMINISTRATOR'],
  /** Approved organizers and administrators. */
  organizer: ['ADMINISTRATOR', 'ORGANIZER'],
  /** Approved organizers only: things made in their own name (an administrator is not an organizer). */
  'approved-organizer': ['ORGANIZER'],
  console: ['ADMINISTRATOR', 'ORGANIZER', 'MEMBER'],
  session: ['ADMINISTRATOR', 'ORGANIZER', 'MEMBER', 'SCANNER'],
} as const satisfies Record<string, readonly ConsoleRole[]>;

export type ScreenAccess = keyof typeof SCREEN_ACCESS;

/** The one answer to "may this role open / use this": screens' guards, navigation and in-page actions. */
export function mayAccess(role: ConsoleRole | null, access: ScreenAccess): boolean {
  return role !== null && (SCREEN_ACCESS[access] as readonly ConsoleRole[]).includes(role);
}
