import type { EventTeamMember, EventTeamRole } from '@marquee/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { eventTeam, type MemberRow, organizationMembers } from '../../../db/schema/index.js';

export const displayName = (m: Pick<MemberRow, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

/** Members as a list names them: by name, then email; the id settles the rest. */
export const BY_NAME = [
  asc(organizationMembers.firstName),
  asc(organizationMembers.lastName),
  asc(organizationMembers.email),
  asc(organizationMembers.id),
];

/** The event's team (both roles, or one), organizers first, then by name. */
export async function teamOf(db: DbOrTx, eventId: string, role?: EventTeamRole): Promise<EventTeamMember[]> {
  const rows = await db
    .select({ member: organizationMembers, role: eventTeam.role })
    .from(eventTeam)
    .innerJoin(organizationMembers, eq(organizationMembers.id, eventTeam.memberId))
    .where(and(eq(eventTeam.eventId, eventId), role ? eq(eventTeam.role, role) : undefined))
    .orderBy(asc(eventTeam.role), ...BY_NAME);
  return rows.map(({ member, role }) => ({
    _id: member.id,
    userId: member.userId,
    name: displayName(member),
    email: member.email,
    memberStatus: member.status,
    role,
  }));
}

/** The members of the organization among `ids` (any status), by name. */
export async function membersAmong(db: DbOrTx, organizationId: string, ids: string[]): Promise<MemberRow[]> {
  return db
    .select()
    .from(organizationMembers)
    .where(and(inArray(organizationMembers.id, ids), eq(organizationMembers.organizationId, organizationId)))
    .orderBy(...BY_NAME);
}

/** Replaces the event's whole team with these rows. */
export async function replaceTeam(
  tx: Tx,
  eventId: string,
  rows: { memberId: string; role: EventTeamRole }[],
  assignedBy: string,
  now: Date,
) {
  await tx.delete(eventTeam).where(eq(eventTeam.eventId, eventId));
  if (rows.length) {
    await tx.insert(eventTeam).values(rows.map((r) => ({ ...r, eventId, assignedBy, createdAt: now })));
  }
}

/** Takes the member off the event (both roles); the removed row, or null when they were not on it. */
export async function removeFromTeam(tx: Tx, eventId: string, memberId: string) {
  const [removed] = await tx
    .delete(eventTeam)
    .where(and(eq(eventTeam.eventId, eventId), eq(eventTeam.memberId, memberId)))
    .returning();
  return removed ?? null;
}
