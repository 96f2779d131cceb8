import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { publicEventPath, seedPublicEvent } from '../features/public-event';
import { AppProviders } from './providers';
import { createQueryClient, type SeededQuery } from './query-client';
import { routes } from './router';

/** A page rendered outside the browser: what goes into #root, its title, and the reads it was given. */
export interface RenderedPage {
  /** The page's title, as the screen sets it (plain text). */
  title: string | null;
  /** HTML for #root. */
  body: string;
  /** The query cache's answers the page was rendered with, for the console to start from. */
  queries: SeededQuery[];
}

/**
 * A console page rendered to HTML outside the browser, with the console's own route table, providers and
 * screens: at build time for the sign-in screen (scripts/prerender.mjs writes login.html, which the server
 * sends for /login), and by the server for an event's public page with its data (renderPublicEventPage).
 * The page paints as soon as the HTML and its stylesheet have arrived, before any JavaScript has run;
 * main.tsx renders the live page over it, identical, once the route's code has loaded
 * (docs/performance.md, "Console on the wire and cold mobile"). Redirects and errors render nothing: null.
 */
export async function renderPage(
  url: string,
  queryClient: QueryClient = createQueryClient(),
): Promise<RenderedPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  let body = renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  // React writes the screen's <title> first; the server puts the title in the head instead.
  const title = /<title>([^<]*)<\/title>/.exec(body);
  if (title) body = body.replace(title[0], '');
  // Nothing typed into the page before the live page replaces it may be lost: its text fields are
  // read-only until then (browsers and Playwright wait for a field to be editable).
  body = body.replace(/<input (?![^>]*type="(checkbox|radio|hidden)")/g, '<input readonly="" ');
  // Nor may a tap be swallowed: a button on the rendered page does nothing until the live page is there
  // (a ticket's "+" tapped early was lost), so it is disabled until then, and waited for.
  body = body.replace(/<button (?![^>]*\bdisabled\b)/g, '<button disabled="" ');
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query): SeededQuery => [query.queryKey, query.state.data]);
  return { title: title ? unescapeText(title[1] ?? '') : null, body, queries };
}

/** An event's public page (/e/<slug>) with the event as the public-event-detail read answered it. */
export function renderPublicEventPage(event: Parameters<typeof seedPublicEvent>[2]) {
  const queryClient = createQueryClient();
  seedPublicEvent(queryClient, event.slug, event);
  return renderPage(publicEventPath(event.slug), queryClient);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};
const unescapeText = (html: string) => html.replace(/&(amp|lt|gt|quot|#x27);/g, (m) => ENTITIES[m] ?? m);
