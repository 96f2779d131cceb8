import { z } from 'zod';
import { CountryCode, PhoneNumber } from './account.js';
import { OrganizerRequest } from './auth.js';
import { defineRoute, envelope } from './route.js';

/**
 * What an administrator needs to approve a buyer as an organizer: who they organize for, what they
 * run, where to check them and how to reach them.
 */
export const OrganizerRequestBody = z.object({
  organizationName: z
    .string({ error: 'Enter the organization name' })
    .trim()
    .min(2, 'Enter the organization name')
    .max(120, 'Use at most 120 characters'),
  description: z
    .string({ error: 'Tell us what events or classes you run' })
    .trim()
    .min(20, 'Tell us in at least 20 characters what events or classes you run')
    .max(2000, 'Use at most 2000 characters'),
  website: z
    .string()
    .trim()
    .max(300)
    .pipe(
      z.union([
        z.literal(''),
        z.url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' }),
      ]),
    )
    .optional(),
  countryCode: CountryCode,
  phone: PhoneNumber,
});
export type OrganizerRequestBody = z.infer<typeof OrganizerRequestBody>;

export const OrganizerRequestResult = z.object({ organizerRequest: OrganizerRequest });

export const requestOrganizerAccess = defineRoute({
  method: 'POST',
  path: '/api/v1/user/organizer-request',
  summary: 'Ask to become an organizer (from NONE or REJECTED); administrators are told by email',
  tag: 'User',
  access: 'session',
  body: OrganizerRequestBody,
  response: envelope(OrganizerRequestResult),
});
