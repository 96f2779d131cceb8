import { type BodyOf, resendOtp } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function useResendOtp() {
  return useMutation({ mutationFn: (body: BodyOf<typeof resendOtp>) => http(resendOtp, { body }) });
}
