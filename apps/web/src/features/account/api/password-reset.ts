import { type BodyOf, passwordReset } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function usePasswordReset() {
  return useMutation({ mutationFn: (body: BodyOf<typeof passwordReset>) => http(passwordReset, { body }) });
}
