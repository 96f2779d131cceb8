import type { Db } from '../../../db/client.js';
import { searchWhere } from '../../../db/list.js';
import { users } from '../../../db/schema/index.js';
import { userSearchText } from '../../../db/search-text.js';
import * as repo from '../organizations.repo.js';

/** The owner filter is a picker: a short list, narrowed by typing. */
const OWNER_LIST_LIMIT = 50;

/** The administrator's owner filter: everyone who owns an organization, searchable by name or email. */
export async function ownerList(db: Db, search: string | undefined) {
  const rows = await repo.listOwners(
    db,
    searchWhere(search, [
      { within: userSearchText, columns: [users.firstName, users.lastName, users.email, users.username] },
    ]),
    OWNER_LIST_LIMIT,
  );
  return rows.map((o) => ({
    _id: o.id,
    name: `${o.firstName} ${o.lastName}`.trim() || o.username,
    email: o.email,
    organizationCount: o.organizationCount,
  }));
}
