import { devOutboxList, type OutboxChannel } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { devOutboxKeys } from './keys';

export function outboxQueryOptions(page: number, channel: OutboxChannel | undefined) {
  const query = { page, limit: 20, channel };
  return queryOptions({
    queryKey: devOutboxKeys.list(query),
    queryFn: async ({ signal }) => (await http(devOutboxList, { query, signal, silent: true })).result,
    refetchInterval: 5000,
    retry: false,
  });
}
