import type { UserExportQuery } from '@marquee/contract';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { orderBy, searchWhere } from '../../../db/list.js';
import type { Statement } from '../../../lib/export/cursor.js';
import { countUsersFrom, USER_SEARCH, USER_SORT, userFilters, usersFrom } from './user-rows.js';

type Query = z.output<typeof UserExportQuery>;

/** The user export's COUNT and SELECT: the user list's very search, filters and sort (user-rows.ts). */
export function userExportStatements(db: Db, query: Query): { count: Statement; select: Statement } {
  const where = and(searchWhere(query.search, USER_SEARCH), ...userFilters(query));
  const order = orderBy(query.sort, USER_SORT.fields, USER_SORT.default, USER_SORT.tieBreaker);
  return {
    count: countUsersFrom(db).where(where).toSQL(),
    select: usersFrom(db)
      .where(where)
      .orderBy(...order)
      .toSQL(),
  };
}
