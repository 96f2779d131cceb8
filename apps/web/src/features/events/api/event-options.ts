import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

/**
 * Upcoming events buyers can open (published, not blocked), for pickers in other features (a banner's
 * link): the first 50 matching `search`, soonest first.
 */
export function useLinkableEventOptions(search: string) {
  const query = useQuery(
    routeListQuery(eventKeys.list, {
      tab: 'UPCOMING',
      search: search || undefined,
      limit: 50,
      sort: 'startsAt',
    }),
  );
  const options = (query.data?.items ?? [])
    .filter((e) => e.status === 'PUBLISHED' && !e.isBlocked)
    .map((e) => ({ value: e._id, label: `${e.title} · ${e.organization.name}` }));
  return { ...query, options };
}
