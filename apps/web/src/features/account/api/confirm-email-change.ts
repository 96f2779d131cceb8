import { type BodyOf, confirmEmailChange } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PROFILE_QUERY_KEY } from '../../auth';

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof confirmEmailChange>) => http(confirmEmailChange, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
