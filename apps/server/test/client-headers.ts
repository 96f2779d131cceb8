import { DEV_CLIENT_CREDENTIALS } from '@marquee/contract';

/** The headers every call of the web client carries (api.md), with the development credentials. */
export function clientHeaders(accessToken?: string): Record<string, string> {
  const { clientId, clientSecret, secretKey } = DEV_CLIENT_CREDENTIALS;
  return {
    authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    secretkey: secretKey,
    platform: 'WEB',
    timezone: 'Europe/Berlin',
    offset: '3600000',
    ...(accessToken ? { accesstoken: accessToken } : {}),
  };
}
