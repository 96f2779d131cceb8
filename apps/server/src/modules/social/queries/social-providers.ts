import { SOCIAL_LOGIN_PATHS, SOCIAL_PROVIDER_NAMES, type SocialLoginProviderInfo } from '@marquee/contract';
import type { SocialDeps } from '../deps.js';

/** The providers configured with a working client, for the login page's buttons. */
export function socialProviders(deps: Pick<SocialDeps, 'social' | 'clients'>): SocialLoginProviderInfo[] {
  return deps.social.providers
    .filter((p) => deps.clients[p.id])
    .map((p) => ({ id: p.id, name: SOCIAL_PROVIDER_NAMES[p.id], startPath: SOCIAL_LOGIN_PATHS.start(p.id) }));
}

/** Where logout sends the browser: the provider's end-session endpoint, or straight back to login. */
export async function endSessionLocation(deps: SocialDeps, provider: string): Promise<string> {
  const loginPage = `${deps.social.publicUrl}/login`;
  const client = deps.clients[provider as keyof SocialDeps['clients']];
  if (!client) return loginPage;
  const url = await client.endSessionUrl(loginPage).catch(() => null);
  return url?.href ?? loginPage;
}
