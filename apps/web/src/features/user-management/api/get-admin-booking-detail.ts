import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { userKeys } from './keys';

export const useUserBooking = (bookingId: string | undefined) =>
  useQuery({ ...routeQuery(userKeys.booking, { bookingId: bookingId ?? '' }), enabled: !!bookingId });
