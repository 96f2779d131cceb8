import { MantineProvider } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { discardUnsavedChanges } from '../components/unsaved-changes';
import { performLogout } from '../features/auth';
import { armHostTriggers, useHostsWanted } from '../lib/deferred-hosts';
import { configureHttp, type HttpCollaborators } from '../lib/http';
import { holdLoadingBar, releaseLoadingBar } from '../lib/loading-bar';
import { getAccessToken } from '../lib/storage';
import { toast } from '../lib/toasts';
import { useLoadedComponent } from '../lib/use-loaded-component';
import { cssVariablesResolver, theme } from './theme';

/**
 * Lazy chunks, out of the entry (docs/performance.md, "Console"); the modal manager is also mounted only
 * once wanted (lib/deferred-hosts.ts). Toasts raised before the viewport arrives wait in the
 * notifications store and show when it mounts; dialogs asked for before the modal manager mounted wait
 * for it (lib/modals.ts, `whenModalsReady`). Each loads on its own, so neither waits for the other, and
 * one whose chunk the network could not bring is asked for again later (use-loaded-component.ts).
 */
const loadModalsHost = () => import('./ModalsHost').then((m) => m.ModalsHost);
const loadToastViewport = () => import('./ToastViewport').then((m) => m.ToastViewport);

interface NavigatingRouter {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate: (to: string, options: { replace: boolean }) => unknown;
}

/**
 * Connects the http helper to the app: error toasts, the loading bar, the session token, and the one
 * logout for sessions the server ended (401/423).
 */
export function wireHttp({
  router,
  queryClient,
  overrides,
}: {
  router: NavigatingRouter;
  queryClient: QueryClient;
  /** Replacements for tests, e.g. a fetch that answers from fixtures. */
  overrides?: Partial<HttpCollaborators>;
}) {
  configureHttp({
    notifyError: toast.error,
    onCallStart: holdLoadingBar,
    onCallEnd: releaseLoadingBar,
    getToken: getAccessToken,
    onSessionEnded: () => {
      // Already signed out (e.g. a late 401 from revoking the old token): nothing left to end.
      if (!getAccessToken()) return;
      discardUnsavedChanges();
      const { pathname, search, hash } = router.state.location;
      performLogout(
        { navigate: (to, options) => router.navigate(to, options), queryClient },
        { revoke: false, returnTo: { pathname, search, hash } },
      );
    },
    ...overrides,
  });
}

export function AppProviders({
  queryClient,
  children,
  env = 'default',
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** `test` turns off Mantine transitions and portals so tests see the final state at once. */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        {/* A visual cue only (screens say they load with aria-busy): kept out of the accessibility tree,
            so no content sits outside the page's landmarks. */}
        <div aria-hidden>
          <NavigationProgress data-testid="loading-bar" aria-label="Loading" withinPortal={false} />
        </div>
        {children}
        <DeferredHosts />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * The toast viewport mounts, and its chunks download, in the task after the first commit: it is how a
 * failure is told, so it must be there before the network may be gone, but the screen comes first (asked
 * for during the first render, it raced the screen's commit on a slow phone). A toast shown earlier
 * waits in the notifications store. The modal manager (a dialog, its scroll area and focus trap) waits
 * until it is wanted (lib/deferred-hosts.ts).
 */
function DeferredHosts() {
  const wanted = useHostsWanted();
  const [toastsDue, setToastsDue] = useState(false);
  useEffect(armHostTriggers, []);
  useEffect(() => {
    const timer = setTimeout(() => setToastsDue(true), 0);
    return () => clearTimeout(timer);
  }, []);
  // Loaded without React.lazy: a chunk the network could not bring must not take the console down.
  const ModalsHost = useLoadedComponent(loadModalsHost, wanted);
  const ToastViewport = useLoadedComponent(loadToastViewport, toastsDue);
  return (
    <>
      {ModalsHost && <ModalsHost />}
      {ToastViewport && <ToastViewport />}
    </>
  );
}
