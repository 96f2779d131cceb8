import { removeWaitingListEntry } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { waitingListKeys } from './keys';

export const useRemoveWaitingListEntry = () =>
  useRouteMutation(removeWaitingListEntry, { invalidates: [waitingListKeys.all] });
