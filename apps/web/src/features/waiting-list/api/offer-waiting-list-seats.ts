import { offerWaitingListSeats } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { waitingListKeys } from './keys';

/** Offers seats by hand: they are held, so a retry after a lost answer carries the same key. */
export const useOfferWaitingListSeats = () =>
  useRouteMutation(offerWaitingListSeats, { invalidates: [waitingListKeys.all], idempotent: true });
