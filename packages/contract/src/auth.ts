import { z } from 'zod';
import { NonProfitDetail } from './account.js';
import { Id } from './common.js';
import { defineRoute, envelope } from './route.js';

export const Role = z.enum(['ADMIN', 'USER']);
export type Role = z.infer<typeof Role>;

export const UserStatus = z.enum(['ACTIVE', 'BLOCKED']);
export type UserStatus = z.infer<typeof UserStatus>;

export const OrganizerRequest = z.enum(['NONE', 'PENDING', 'APPROVED', 'REJECTED']);
export type OrganizerRequest = z.infer<typeof OrganizerRequest>;

export const LoginBody = z.object({
  email: z
    .string({ error: 'Enter your email address or username' })
    .trim()
    .min(1, 'Enter your email address or username')
    .max(254, 'Email address or username is too long')
    .describe('Email address or username'),
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(256, 'Password is too long'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResult = z.object({
  accessToken: z.string(),
  _id: Id,
  organizerRequest: OrganizerRequest,
});
export type LoginResult = z.infer<typeof LoginResult>;

/** The session profile returned by the profile call. */
export const UserProfile = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  avatar: z.string().nullable(),
  role: Role,
  status: UserStatus,
  organizerRequest: OrganizerRequest,
  /** True when the user is an active member of at least one organization. */
  isOrganizationMember: z.boolean(),
  /**
   * True when door check-in is all the console holds for the user: not an administrator or organizer,
   * and a scanner (never an event organizer) on the events of their organizations. The console opens on
   * check-in for them.
   */
  scansOnly: z.boolean().optional(),
  createdAt: z.iso.datetime(),
  /** The non-profit exemption request, when the server knows it (account feature). */
  nonProfit: NonProfitDetail.optional(),
  /** A new email address waiting for its confirmation link (update-profile). */
  pendingEmail: z.string().nullable().optional(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const login = defineRoute({
  method: 'POST',
  path: '/api/v1/user/login',
  summary: 'Sign in with email or username and password',
  tag: 'User',
  access: 'public',
  body: LoginBody,
  response: envelope(LoginResult),
});

export const logout = defineRoute({
  method: 'POST',
  path: '/api/v1/user/logout',
  summary: 'Revoke the current session',
  tag: 'User',
  access: 'session',
  response: envelope(z.null()),
});

export const getUserDetail = defineRoute({
  method: 'GET',
  path: '/api/v1/user/get-user-detail',
  summary: 'The signed-in user profile',
  tag: 'User',
  access: 'session',
  response: envelope(UserProfile),
});

/** Whether a profile may use the console at all (administrator, approved organizer, or member). */
export function hasConsoleAccess(
  profile: Pick<UserProfile, 'role' | 'organizerRequest' | 'isOrganizationMember'>,
) {
  return profile.role === 'ADMIN' || profile.organizerRequest === 'APPROVED' || profile.isOrganizationMember;
}
