import { type BodyOf, mobileVerification } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PROFILE_QUERY_KEY } from '../../auth';

export function useMobileVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof mobileVerification>) => http(mobileVerification, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
