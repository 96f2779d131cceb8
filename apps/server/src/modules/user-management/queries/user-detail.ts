import type { AdminUserDetail } from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { nonProfitExemptions, organizerRequestDetails, sessions, users } from '../../../db/schema/index.js';
import { userNotFound } from '../user-not-found.js';
import { toUserItem, type UserRowData, usersFrom } from './user-rows.js';

/** get-admin-user-detail: the user's row with their organizer request, non-profit exemption and sessions. */
export async function userDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const [[row], [user], [request], [exemption], [seen]] = await Promise.all([
    usersFrom(db).where(eq(users.id, userId)) as Promise<UserRowData[]>,
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(organizerRequestDetails).where(eq(organizerRequestDetails.userId, userId)),
    db.select().from(nonProfitExemptions).where(eq(nonProfitExemptions.userId, userId)),
    db
      .select({
        signIn: sql<Date | null>`max(${sessions.createdAt})`.mapWith(sessions.createdAt),
        seen: sql<Date | null>`max(${sessions.lastSeenAt})`.mapWith(sessions.lastSeenAt),
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
  ]);
  if (!row || !user) throw userNotFound();
  return {
    ...toUserItem(row),
    updatedAt: user.updatedAt.toISOString(),
    blockedReason: user.blockedReason,
    blockedAt: user.blockedAt?.toISOString() ?? null,
    lastSignInAt: seen?.signIn ? new Date(seen.signIn).toISOString() : null,
    lastSeenAt: seen?.seen ? new Date(seen.seen).toISOString() : null,
    organizerRequestDetail: request
      ? {
          organizationName: request.organizationName,
          description: request.description,
          website: request.website,
          phone: request.phone,
          submittedAt: request.submittedAt.toISOString(),
          decidedAt: request.decidedAt?.toISOString() ?? null,
          decisionReason: request.decisionReason,
        }
      : null,
    nonProfitDetail: exemption
      ? {
          status: exemption.status,
          legalName: exemption.legalName,
          registrationNumber: exemption.registrationNumber,
          documentUrl: exemption.documentUrl,
          submittedAt: exemption.submittedAt.toISOString(),
          decidedAt: exemption.decidedAt?.toISOString() ?? null,
          decisionReason: exemption.decisionReason,
        }
      : null,
  };
}
