import { useDebouncedValue } from '@mantine/hooks';
import { calculateServiceFee, type TicketPricing } from '@marquee/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const FEE_PREVIEW_DELAY_MS = 400;

export interface FeeItem {
  key: string;
  pricing: TicketPricing;
  price: number;
}

/**
 * The live service-fee preview of the ticket rows (`calculate-service-fee`), asked again once prices stop
 * changing. Silent: the preview is advice; a failure shows as "preview unavailable" on the rows.
 */
export function useFeeQuote(organizationId: string | null, items: FeeItem[]) {
  const [settled] = useDebouncedValue(items, FEE_PREVIEW_DELAY_MS, { leading: false });
  const body = { organizationId: organizationId ?? '', items: settled };
  return useQuery({
    queryKey: ['events', 'feeQuote', body],
    queryFn: async ({ signal }) => (await http(calculateServiceFee, { body, signal, silent: true })).result,
    enabled: !!organizationId && settled.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
