import type { OrganizerRequest, UserProfile } from '@marquee/contract';
import type { ConsoleRole } from '../../../lib/access';

export type { ConsoleRole };

type RoleFacts = Pick<UserProfile, 'role' | 'organizerRequest' | 'isOrganizationMember' | 'scansOnly'>;

/** The strongest role wins: an administrator who also organizes is shown the administrator console. */
export function consoleRoleOf(profile: RoleFacts): ConsoleRole | null {
  if (profile.role === 'ADMIN') return 'ADMINISTRATOR';
  if (profile.organizerRequest === 'APPROVED') return 'ORGANIZER';
  if (profile.scansOnly) return 'SCANNER';
  if (profile.isOrganizationMember) return 'MEMBER';
  return null;
}

export const CONSOLE_ROLE_LABELS: Record<ConsoleRole, string> = {
  ADMINISTRATOR: 'Administrator',
  ORGANIZER: 'Organizer',
  MEMBER: 'Organization member',
  SCANNER: 'Scanner',
};

export const ORGANIZER_REQUEST_LABELS: Record<OrganizerRequest, string> = {
  NONE: 'Not requested',
  PENDING: 'Pending review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export function fullNameOf(profile: Pick<UserProfile, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return name || profile.username;
}
