import { type BodyOf, checkMobileForVerification } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function useCheckMobileForVerification() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof checkMobileForVerification>) =>
      http(checkMobileForVerification, { body }),
  });
}
