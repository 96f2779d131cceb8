import { acceptInvitation, type BodyOf } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof acceptInvitation>) => http(acceptInvitation, { body }),
  });
}
