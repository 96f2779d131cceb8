import { INVITATION_DAYS } from '@marquee/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Change } from '../../db/unit-of-work.js';
import { badRequest } from '../../lib/errors.js';
import { templates } from '../../lib/templates.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { enqueueEmail } from '../messages/index.js';
import * as repo from './account.repo.js';
import type { AccountDeps } from './deps.js';
import { INVITATION_INVALID } from './messages.js';

/**
 * What an accepted invitation does beyond the account: the organizations module activates the
 * membership the token was sent for (it registers these with `answerInvitations`, so this module does
 * not reach into that one).
 */
export interface InvitationHooks {
  /** The organization an open invitation token is for; null when none. */
  describe(db: DbOrTx, tokenId: string): Promise<{ organizationName: string } | null>;
  /** Activates what the token was sent for, in the same unit of work; null when nothing waits for it. */
  accepted(
    change: Change,
    input: { tokenId: string; userId: string; requestId: string },
  ): Promise<{ organizationName: string } | null>;
}

/** The membership behind a used invitation token, activated in the caller's transaction; 400 when none waits. */
export async function acceptWith(
  deps: Pick<AccountDeps, 'invitations'>,
  change: Change,
  token: { id: string; userId: string },
  requestId: string,
) {
  const invitations = deps.invitations();
  const done = invitations
    ? await invitations.accepted(change, { tokenId: token.id, userId: token.userId, requestId })
    : null;
  if (!done) throw badRequest(INVITATION_INVALID);
  return done;
}

/** A new invitation link for a user (created by the caller when new); valid INVITATION_DAYS days. */
export async function issueInvitation(
  deps: Pick<AccountDeps, 'config'>,
  tx: DbOrTx,
  userId: string,
  now: Date,
) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const row = await repo.insertAccountToken(tx, {
    userId,
    purpose: 'INVITATION',
    tokenHash: hashToken(token),
    expiresAt,
    createdAt: now,
  });
  if (!row) throw new Error('invitation token not stored');
  const user = await repo.findUserById(tx, userId);
  return {
    token,
    tokenId: row.id,
    expiresAt,
    url: `${deps.config.publicUrl}/reset-link/${token}`,
    /** A person without a password sets one from the link; anyone else only accepts. */
    needsPassword: !user?.passwordHash,
  };
}

/** An invitation re-sent or cancelled: its earlier link stops working. */
export async function revokeInvitation(tx: DbOrTx, tokenId: string, now: Date) {
  await repo.expireAccountToken(tx, tokenId, now);
}

export interface InvitationEmail {
  to: string;
  organizationName: string;
  inviterName: string;
  url: string;
  needsPassword: boolean;
}

/**
 * Enqueues an invitation email in the change that issued its link (modules/messages): sent once that
 * change has committed, retried while the mail server is down. One message per link (`tokenId`).
 */
export async function enqueueInvitationEmail(
  change: Change,
  input: InvitationEmail & { tokenId: string; organizationId?: string },
) {
  const content = templates.invitationEmail({ ...input, days: INVITATION_DAYS });
  await enqueueEmail(
    change,
    { to: input.to, ...content },
    {
      kind: 'invitation',
      intentKey: `invitation:${input.tokenId}`,
      organizationId: input.organizationId ?? null,
    },
  );
}
