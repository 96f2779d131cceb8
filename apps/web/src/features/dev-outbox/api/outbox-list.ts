import { devOutboxList, type OutboxChannel } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function outboxQueryOptions(page: number, channel: OutboxChannel | undefined) {
  return queryOptions({
    queryKey: ['dev-outbox', page, channel ?? 'ALL'],
    queryFn: async ({ signal }) =>
      (await http(devOutboxList, { query: { page, limit: 20, channel }, signal, silent: true })).result,
    refetchInterval: 5000,
    retry: false,
  });
}
