/** The query parameter carrying the page a signed-out visitor asked for. */
export const REDIRECT_PARAM = 'redirect';

const LOGIN_PATH = '/login';
const DEFAULT_TARGET = '/dashboard';

/** `/login?redirect=…` for the given location, so login can return there. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string } | null): string {
  if (!location || location.pathname === LOGIN_PATH) return LOGIN_PATH;
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/**
 * Where to go after login. Only same-origin paths are accepted: an absolute or protocol-relative URL
 * in the parameter would turn the login page into an open redirect for phishing links.
 */
export function redirectTargetFrom(search: URLSearchParams): string {
  const target = search.get(REDIRECT_PARAM);
  const sameOrigin = target?.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
  if (!target || !sameOrigin) return DEFAULT_TARGET;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return DEFAULT_TARGET;
  return target;
}
