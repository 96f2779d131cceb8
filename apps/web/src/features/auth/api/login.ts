import { type LoginBody, login } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => http(login, { body }),
  });
}
