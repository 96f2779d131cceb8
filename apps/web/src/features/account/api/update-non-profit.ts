import { type BodyOf, updateNonProfitExemptionDetail } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PROFILE_QUERY_KEY } from '../../auth';

export function useUpdateNonProfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateNonProfitExemptionDetail>) =>
      http(updateNonProfitExemptionDetail, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
