import { type BodyOf, verifyOtp } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function useVerifyOtp() {
  return useMutation({ mutationFn: (body: BodyOf<typeof verifyOtp>) => http(verifyOtp, { body }) });
}
