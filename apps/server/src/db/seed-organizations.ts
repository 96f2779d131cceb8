import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.js';
import type { DbOrTx } from './client.js';
import { organizationMembers, organizations, users } from './schema/index.js';

/** The demo member who can sign in (README lists it): an ACTIVE member of the first organization. */
export const DEMO_MEMBER = {
  email: 'member@example.com',
  password: 'Member#12345',
  username: 'member',
  firstName: 'Mia',
  lastName: 'Member',
  note: 'active member of "Riverside Jazz Club": organizer of one event, scanner on another',
} as const;

const NO_SOCIAL = { facebook: null, instagram: null, x: null, linkedin: null, youtube: null, tiktok: null };

/**
 * Two organizations of the demo organizer with members in every status: ACTIVE (Mia, who signs in),
 * INACTIVE, and INVITED (an invitation not sent yet, so no link is pending in the outbox).
 */
export async function seedOrganizations(tx: DbOrTx): Promise<void> {
  const organizer = await tx.query.users.findFirst({ where: eq(users.email, 'organizer@example.com') });
  if (!organizer) return;
  const { password, note: _note, ...member } = DEMO_MEMBER;
  const [mia] = await tx
    .insert(users)
    .values({ ...member, passwordHash: await hashPassword(password) })
    .returning();
  const [ian] = await tx
    .insert(users)
    .values({
      email: 'inactive.member@example.com',
      username: 'inactive.member',
      firstName: 'Ian',
      lastName: 'Inactive',
      passwordHash: await hashPassword('Inactive#12345'),
    })
    .returning();
  const [jazz, theatre] = await tx
    .insert(organizations)
    .values([
      {
        ownerId: organizer.id,
        name: 'Riverside Jazz Club',
        description: 'Live jazz by the river, four nights a week, and Sunday workshops for beginners.',
        contactEmail: 'hello@riverside-jazz.example',
        contactPhone: '+1 555 010 0300',
        address: '12 River Walk, Springfield',
        website: 'https://riverside-jazz.example',
        socialLinks: { ...NO_SOCIAL, instagram: 'https://instagram.com/riversidejazz' },
        currency: 'USD',
      },
      {
        ownerId: organizer.id,
        name: 'Old Town Theatre Company',
        description: 'Community theatre and acting classes.',
        contactEmail: 'box-office@oldtown-theatre.example',
        socialLinks: NO_SOCIAL,
        currency: 'EUR',
        refundPolicy: 'ANY_TIME_BEFORE_START',
        refundHoursBeforeStart: null,
        refundApproval: 'AUTOMATIC',
        maxTicketsPerOrder: 6,
        serviceFeePaidBy: 'ABSORBED',
      },
    ])
    .returning();
  if (!mia || !ian || !jazz || !theatre) throw new Error('demo organizations not created');
  const now = new Date();
  await tx.insert(organizationMembers).values([
    {
      organizationId: jazz.id,
      userId: mia.id,
      email: mia.email,
      firstName: mia.firstName,
      lastName: mia.lastName,
      status: 'ACTIVE',
      invitedBy: organizer.id,
      invitedAt: now,
      acceptedAt: now,
    },
    {
      organizationId: jazz.id,
      userId: ian.id,
      email: ian.email,
      firstName: ian.firstName,
      lastName: ian.lastName,
      status: 'INACTIVE',
      invitedBy: organizer.id,
      invitedAt: now,
      acceptedAt: now,
    },
    {
      organizationId: jazz.id,
      email: 'invited.member@example.com',
      firstName: 'Ivy',
      lastName: 'Invited',
      status: 'INVITED',
      invitedBy: organizer.id,
    },
    {
      organizationId: theatre.id,
      userId: mia.id,
      email: mia.email,
      firstName: mia.firstName,
      lastName: mia.lastName,
      status: 'INACTIVE',
      invitedBy: organizer.id,
      invitedAt: now,
      acceptedAt: now,
    },
    {
      organizationId: theatre.id,
      email: 'stage.hand@example.com',
      firstName: 'Sam',
      lastName: 'Stagehand',
      status: 'INVITED',
      invitedBy: organizer.id,
    },
  ]);
}
