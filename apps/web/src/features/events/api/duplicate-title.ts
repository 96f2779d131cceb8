import { useDebouncedValue } from '@mantine/hooks';
import { checkEventTitleDuplicacy } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { eventKeys } from './keys';

/** How long typing must pause before the title is checked. */
export const TITLE_CHECK_DELAY_MS = 400;

/**
 * Whether another event of the organization already has this title, checked while typing (debounced).
 * Silent: a failed check is only a missing warning, never worth an error toast; publishing checks again.
 */
export function useDuplicateTitle(organizationId: string | null, title: string, eventId?: string) {
  const [settled] = useDebouncedValue(title.trim(), TITLE_CHECK_DELAY_MS);
  const query = { organizationId: organizationId ?? '', title: settled, ...(eventId ? { eventId } : {}) };
  const check = useQuery({
    queryKey: eventKeys.duplicateTitle(query),
    queryFn: async ({ signal }) =>
      (await http(checkEventTitleDuplicacy, { query, signal, silent: true })).result,
    enabled: !!organizationId && settled.length >= 3,
    staleTime: 30_000,
  });
  // A stale answer for an older title must not warn about the one now typed.
  return check.data?.duplicate === true && settled === title.trim();
}
