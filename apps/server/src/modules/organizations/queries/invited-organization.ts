import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { organizationMembers, organizations } from '../../../db/schema/index.js';

/** The organization an open invitation token is for (to show on its link's page); null when none. */
export async function invitedOrganization(db: DbOrTx, tokenId: string) {
  const [row] = await db
    .select({ organizationName: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(eq(organizationMembers.invitationTokenId, tokenId), eq(organizationMembers.status, 'INVITED')),
    );
  return row ?? null;
}
