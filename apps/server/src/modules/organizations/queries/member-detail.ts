import type { Member } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { MEMBER } from '../member-grant.js';
import * as repo from '../organizations.repo.js';
import { toMember } from '../views.js';

/** One member as answered; 404 "The member" when gone. */
export async function loadMember(db: DbOrTx, memberId: string): Promise<Member> {
  const found = await repo.findMember(db, memberId);
  if (!found) throw notFound(MEMBER);
  return toMember(found);
}
