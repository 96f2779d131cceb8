import { QueryClient } from '@tanstack/react-query';
import { warmZone } from '../lib/intl';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The http helper already fails over between hosts and toasts each failure; retrying here
        // would repeat the same toast.
        retry: false,
        refetchOnWindowFocus: false,
        // TanStack Query would otherwise pause calls while offline and leave the user waiting in
        // silence; the http helper answers them at once with "No Internet Connection".
        networkMode: 'always',
      },
      mutations: { networkMode: 'always' },
    },
  });
}

/** One answer of the query cache: its key and its data. */
export type SeededQuery = [queryKey: readonly unknown[], data: unknown];

/** The id of the page's data block (a server-rendered page's answers, JSON: `SeededQuery[]`). */
export const SEEDED_QUERIES_ID = 'marquee-queries';

/**
 * Starts the query cache from the answers a server-rendered page was made with (app/prerender.tsx), so
 * the console shows the same page at once instead of asking for them again. A data block, not a script:
 * the CSP allows no inline script, and none runs.
 */
export function seedQueries(queryClient: QueryClient, doc: Document = document) {
  const text = doc.getElementById(SEEDED_QUERIES_ID)?.textContent;
  if (!text) return;
  try {
    for (const [key, data] of JSON.parse(text) as SeededQuery[]) {
      queryClient.setQueryData(key, data);
      // An event's page formats its dates in the event's zone as it takes over.
      const zone = (data as { timeZone?: unknown } | null)?.timeZone;
      if (typeof zone === 'string') warmZone(zone);
    }
  } catch {
    // Not readable: the page asks the server as usual.
  }
}
