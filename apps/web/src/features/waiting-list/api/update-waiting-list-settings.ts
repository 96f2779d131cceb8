import { updateWaitingListSettings } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { waitingListKeys } from './keys';

export const useUpdateWaitingListSettings = () =>
  useRouteMutation(updateWaitingListSettings, { invalidates: [waitingListKeys.all] });
