import { isUniqueViolation } from '../../db/list.js';
import { conflict } from '../../lib/errors.js';

/** Audit entity types of the catalog. */
export const CATEGORY = 'CATEGORY';
export const SUBCATEGORY = 'SUBCATEGORY';
export const TAG = 'TAG';
/** Audit entity type of an organizer's catalog request. */
export const REQUEST = 'CATALOG_REQUEST';

export const duplicateCategory = (name: string) => `A category named "${name}" already exists.`;
export const duplicateSubcategory = (name: string) => `A subcategory named "${name}" already exists.`;
export const duplicateTag = (name: string) => `A tag named "${name}" already exists.`;
export const SUBCATEGORY_IN_USE = (name: string, events: number) =>
  `"${name}" is used by ${events} event${events === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead, or move those events to another subcategory first.`;

/** Two admins saving the same new name at once: the unique index decides, and the loser gets the 409. */
export function rethrowDuplicate(message: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  };
}
