import type { LoginBody } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/**
 * What signing in needs from the contract: the body's schema, the call, and the profile's cache key.
 * They carry zod, which the login screen's first download does without (docs/performance.md,
 * "Console"): the form asks for them when the visitor starts on it, and a submit waits for them.
 */
export async function loadLoginContract() {
  const { LoginBody, login } = await import('./auth-contract');
  const { PROFILE_QUERY_KEY } = await import('./get-user-detail');
  return { LoginBody, login, PROFILE_QUERY_KEY };
}

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody) => http((await loadLoginContract()).login, { body }),
  });
}
