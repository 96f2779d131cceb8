import { isValidTimeZone } from '@marquee/time';
import { hashToken, newToken } from '../../../lib/tokens.js';
import type { UserRow } from '../auth.repo.js';
import * as repo from '../auth.repo.js';
import type { AuthDeps, SessionMeta } from '../deps.js';

/** Opens a session for a user whose identity is already proven (password, or social login); its token. */
export async function startSession(deps: AuthDeps, user: UserRow, meta: SessionMeta): Promise<string> {
  const now = deps.clock.now();
  const token = newToken();
  await repo.insertSession(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    platform: meta.platform,
    // The header is free text; a stored zone is one later screens can format in, or nothing.
    timezone: isValidTimeZone(meta.timezone) ? meta.timezone : null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.config.session.maxDays * 86_400_000),
  });
  return token;
}
