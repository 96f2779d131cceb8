import { clientHeaders } from '../../test/client-headers.js';

/** Signs in over HTTP like the console does and answers the access token. */
export async function signIn(address: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${address}/api/v1/user/login`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: { accessToken: string } }).result.accessToken;
}
