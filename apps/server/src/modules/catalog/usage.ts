import type { DbOrTx } from '../../db/client.js';

/** Counts the events that use a subcategory; deleting a subcategory in use answers 409. */
export type SubcategoryUsage = (db: DbOrTx, subcategoryId: string) => Promise<number>;

/**
 * There is no events table yet: this answers 0 until the events issue lands, which must replace the
 * body with a real count. The delete rule and its 409 are already wired to it (through
 * `AppDeps.subcategoryUsage`) and tested with a stand-in count.
 */
export const countEventsUsingSubcategory: SubcategoryUsage = async () => 0;
