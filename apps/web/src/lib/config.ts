import { DEV_CLIENT_CREDENTIALS } from '@marquee/contract';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  secretKey: string;
}

/** The spec's three equivalent hosts; an empty string means "same origin as the console". */
const HOST_COUNT = 3;

/**
 * Parses `VITE_API_BASE_URLS`. Unset or blank gives three same-origin entries so that a GET still gets
 * its fail-over attempts; trailing slashes are dropped because route paths start with one.
 */
export function parseBaseUrls(raw: string | undefined): string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((host) => host.trim().replace(/\/+$/, ''))
    .filter((host) => host.length > 0);
  return hosts.length > 0 ? hosts : Array.from({ length: HOST_COUNT }, () => '');
}

const env = import.meta.env ?? {};

export const config = {
  apiBaseUrls: parseBaseUrls(env.VITE_API_BASE_URLS),
  clientCredentials: {
    clientId: env.VITE_CLIENT_ID || DEV_CLIENT_CREDENTIALS.clientId,
    clientSecret: env.VITE_CLIENT_SECRET || DEV_CLIENT_CREDENTIALS.clientSecret,
    secretKey: env.VITE_SECRET_KEY || DEV_CLIENT_CREDENTIALS.secretKey,
  } satisfies ClientCredentials,
} as const;
