import { NonProfitStatus, OrganizerRequest, Role, UserStatus } from '@marquee/contract';

export const ROLE_LABELS: Record<string, string> = { ADMIN: 'Administrator', USER: 'User' };
export const ROLE_COLORS: Record<string, string> = { ADMIN: 'grape', USER: 'gray' };
export const USER_STATUS_LABELS: Record<string, string> = { ACTIVE: 'Active', BLOCKED: 'Blocked' };
export const USER_STATUS_COLORS: Record<string, string> = { ACTIVE: 'teal', BLOCKED: 'red' };
export const REQUEST_LABELS: Record<string, string> = {
  NONE: 'Not requested',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
export const NON_PROFIT_LABELS: Record<string, string> = {
  NONE: 'None',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
export const NEUTRAL_NONE: Record<string, string> = { NONE: 'gray' };

const options = (values: readonly string[], labels: Record<string, string>, all: string) => [
  { value: '', label: all },
  ...values.map((value) => ({ value, label: labels[value] ?? value })),
];

export const ROLE_OPTIONS = options(Role.options, ROLE_LABELS, 'All roles');
export const STATUS_OPTIONS = options(UserStatus.options, USER_STATUS_LABELS, 'All statuses');
export const REQUEST_OPTIONS = options(OrganizerRequest.options, REQUEST_LABELS, 'Any organizer request');
export const NON_PROFIT_OPTIONS = options(NonProfitStatus.options, NON_PROFIT_LABELS, 'Any non-profit state');

export const nameOf = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;
