import { type EmptySelectionAction, emptySelectionMessage } from '@marquee/contract';
import { toast } from '../lib/toasts';

/**
 * The empty-selection guard of every bulk action: with nothing selected it shows the one wording kept in
 * the contract (e.g. "You seem to be trying to delete, but no data is selected.") and answers false.
 */
export function guardSelection(selected: readonly unknown[], action: EmptySelectionAction): boolean {
  if (selected.length > 0) return true;
  toast.warning(emptySelectionMessage(action));
  return false;
}
