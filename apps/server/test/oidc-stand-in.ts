import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface StandInClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Apple's way: the callback is a form POST. */
  responseModes?: ('query' | 'form_post')[];
}

/**
 * A real OpenID provider (the `oidc-provider` package) standing in for Google or Apple in tests. Its
 * development sign-in page accepts any login: the login typed is the person's email and also their
 * subject (the social id), verified unless it starts with "unverified". Consent is granted automatically, as for a first-party app.
 */
export async function startOidcStandIn(options: { clients: StandInClient[]; host?: string }) {
  const host = options.host ?? '127.0.0.1';
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host === '::1' ? '[::1]' : host}:${port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    pkce: { required: () => true },
    // Email in the ID token itself, as Google and Apple put it there.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile', 'name'],
    cookies: { keys: ['stand-in-cookie-key'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: id,
            email_verified: !id.startsWith('unverified'),
            name: id.split('@')[0],
          };
        },
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile name');
      await grant.save();
      return grant;
    },
  });
  // Sign-in pages are served over plain HTTP on loopback in tests.
  provider.proxy = false;
  server.on('request', provider.callback());

  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OidcStandIn = Awaited<ReturnType<typeof startOidcStandIn>>;

/** A tiny cookie jar: enough to walk the stand-in's sign-in pages without a browser. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) cookies.set(name.trim(), value.join('='));
      }
    },
  };
}

/**
 * Signs in at the stand-in as `email`, starting from an authorization URL, and returns the provider's
 * final answer: the redirect to the client's callback (query mode) or the auto-submitted form (form_post).
 */
export async function signInAtStandIn(authorizationUrl: string, email: string) {
  const jar = cookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };
  let response = await go(authorizationUrl);
  const interaction = new URL(response.headers.get('location') ?? '', authorizationUrl).href;
  response = await go(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login: email, password: 'any' }).toString(),
  });
  let next = response.headers.get('location');
  while (next) {
    const url = new URL(next, authorizationUrl);
    if (!url.pathname.startsWith('/auth') && !url.pathname.startsWith('/interaction')) {
      return { callbackUrl: url, form: null as URLSearchParams | null };
    }
    response = await go(url.href);
    next = response.headers.get('location');
  }
  // form_post: an HTML page with a self-submitting form of hidden inputs.
  const html = await response.text();
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    form.set(match[1] ?? '', (match[2] ?? '').replace(/&amp;/g, '&'));
  }
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`The stand-in answered neither a redirect nor a form:\n${html.slice(0, 500)}`);
  return { callbackUrl: new URL(action), form };
}
