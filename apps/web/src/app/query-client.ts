import { QueryClient } from '@tanstack/react-query';

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
