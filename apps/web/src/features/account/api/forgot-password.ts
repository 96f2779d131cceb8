import { type BodyOf, checkMobileForForgotPassword } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof checkMobileForForgotPassword>) =>
      http(checkMobileForForgotPassword, { body }),
  });
}
