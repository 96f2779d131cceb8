// Only what the first paint needs of Mantine's styles; the rest comes with the screens that use it
// (styles/mantine-first.css, styles/mantine-all.css).
import './styles/mantine-first.css';
// The date pickers' and the charts' styles come with the screens that use them (ZonedDateTimeInput,
// ClassSessions, the dashboards' charts): Vite loads a lazy chunk's CSS with it, so the sign-in page
// does not download them (docs/performance.md, "Console on the wire and cold mobile").
import '@mantine/notifications/styles.layer.css';
import '@mantine/nprogress/styles.layer.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, wireHttp } from './app/providers';
import { createQueryClient, seedQueries } from './app/query-client';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './lib/service-worker';

const queryClient = createQueryClient();
seedQueries(queryClient);
const router = createAppRouter();
wireHttp({ router, queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );

// A rendered page (login.html, an event's page from the server: app/prerender.tsx) stays until the
// route's code has loaded, then the live page, identical, replaces it in one commit: no loader flashes in
// between. Nothing is waiting for that render (the page is already there), so it runs as a transition,
// in slices that leave the main thread free for the visitor's taps and typing between them.
const takeOver = () => startTransition(render);
if (container.hasChildNodes()) {
  if (router.state.initialized) takeOver();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      takeOver();
    });
  }
} else render();

registerServiceWorker();
