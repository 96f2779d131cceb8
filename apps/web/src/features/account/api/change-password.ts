import { type BodyOf, changePassword } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function useChangePassword() {
  return useMutation({ mutationFn: (body: BodyOf<typeof changePassword>) => http(changePassword, { body }) });
}
