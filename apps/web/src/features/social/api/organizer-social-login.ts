import { organizerSocialLogin, type SocialLoginBody } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function useOrganizerSocialLogin() {
  return useMutation({
    mutationFn: (body: SocialLoginBody) => http(organizerSocialLogin, { body }),
  });
}
