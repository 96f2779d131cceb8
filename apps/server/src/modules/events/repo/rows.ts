/** The row types the module's commands and rules work with, so that only repo files name the schema. */
export type { EventRow, MemberRow, OrganizationRow } from '../../../db/schema/index.js';
