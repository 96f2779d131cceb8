import { lazy, Suspense, useEffect, useState } from 'react';
import { atFirstInputOrIdle } from '../../../lib/deferred-hosts';
import { servedSocialProviders } from '../served-providers';

/** The buttons for a list the page came with: no schema, no call. */
const SocialButtonList = lazy(() =>
  import('./SocialButtonList').then((m) => ({ default: m.SocialButtonList })),
);
/** The buttons for the list asked of the server: with the contract's schemas and zod, ~33 kB. */
const SocialLoginButtons = lazy(() =>
  import('./SocialLoginButtons').then((m) => ({ default: m.SocialLoginButtons })),
);

/** True a little after the page's load event, or at the visitor's first key or tap if that comes first. */
function useWantedAfterLoad(enabled: boolean) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    return atFirstInputOrIdle(() => setWanted(true), { idle: true });
  }, [enabled]);
  return wanted;
}

/**
 * "Continue with …" under the sign-in form, for the providers the server has configured. The server
 * writes them into the sign-in page (served-providers.ts): none means nothing at all is loaded or asked;
 * some load their small chunk at once. A page without the list (the development server, or a link from
 * inside the console) asks the server, a little after the load event or at the first key or tap, so the
 * schemas stay out of the login route's first download (docs/performance.md, "The bench, seventh round").
 */
export function SocialSignIn() {
  // Read once per visit of the page: the server's list does not change while it is open.
  const [providers] = useState(servedSocialProviders);
  const ask = useWantedAfterLoad(providers === undefined);
  if (providers) {
    return providers.length === 0 ? null : (
      <Suspense fallback={null}>
        <SocialButtonList providers={providers} />
      </Suspense>
    );
  }
  return ask ? (
    <Suspense fallback={null}>
      <SocialLoginButtons />
    </Suspense>
  ) : null;
}
