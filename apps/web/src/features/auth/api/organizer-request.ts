import { type BodyOf, requestOrganizerAccess } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PROFILE_QUERY_KEY } from './get-user-detail';

/** Sends the organizer request; the profile (and so the status shown) is loaded again. */
export function useOrganizerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof requestOrganizerAccess>) => http(requestOrganizerAccess, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
