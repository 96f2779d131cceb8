import { isSocialProvider, SOCIAL_PROVIDERS_BLOCK_ID, type SocialLoginProviderInfo } from '@marquee/contract';

const isProviderInfo = (value: unknown): value is SocialLoginProviderInfo => {
  const info = value as Partial<SocialLoginProviderInfo> | null;
  return (
    typeof info === 'object' &&
    info !== null &&
    isSocialProvider(info.id) &&
    typeof info.name === 'string' &&
    typeof info.startPath === 'string' &&
    info.startPath.startsWith('/api/')
  );
};

/**
 * The social login providers the server wrote into the sign-in page as it sent it (apps/server's
 * login-page.ts): read without zod or a call, so a server with none costs the page nothing. Undefined
 * when the page carries no such list (the development server, or the console's own page reached by a
 * link inside it): then the buttons ask the server. Read from the page once; the server's configuration
 * does not change while the page is open.
 */
export function servedSocialProviders(): SocialLoginProviderInfo[] | undefined {
  // The build's renderer (app/prerender.tsx) has no page: the sign-in page it makes shows no buttons.
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SOCIAL_PROVIDERS_BLOCK_ID)?.textContent;
  if (!text) return undefined;
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) && list.every(isProviderInfo) ? list : undefined;
  } catch {
    return undefined;
  }
}
