import { deleteTag, getBannerDetail, getBannerList } from '@marquee/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRouteMutation } from './api-hooks';
import { queryKeys } from './query-keys';

// Real contract routes stand in for later features' reads (bookings, event figures) and a refund.
const bookingList = getBannerList;
const eventFigures = getBannerDetail;
const refund = deleteTag;

// Two features' factories, as their index.ts files would export them.
const bookingKeys = queryKeys('bookings', { list: bookingList });
const eventKeys = queryKeys('events', { figures: eventFigures, list: bookingList });

describe('queryKeys', () => {
  it('makes keys scoped by feature and read, with the query last', () => {
    expect(bookingKeys.all).toEqual(['bookings']);
    expect(bookingKeys.list.all).toEqual(['bookings', 'list']);
    expect(bookingKeys.list({ page: 2 })).toEqual(['bookings', 'list', { page: 2 }]);
    expect(bookingKeys.list()).toEqual(['bookings', 'list', {}]);
    expect(eventKeys.figures.route).toBe(eventFigures);
  });
});

describe('useRouteMutation', () => {
  it('refreshes exactly the keys a change names, across features', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Refunded', result: { deleted: 1 } })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seed = (key: readonly unknown[]) => client.setQueryData(key, 'cached');
    seed(bookingKeys.list({ page: 1 }));
    seed(bookingKeys.list({ page: 2 }));
    seed(eventKeys.figures({ bannerId: 'e1' }));
    seed(eventKeys.list({ page: 1 }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () =>
        useRouteMutation(refund, {
          invalidates: [bookingKeys.all, eventKeys.figures.all],
          silentSuccess: true,
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ tagIds: ['b1'] }));
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(bookingKeys.list({ page: 1 }))).toBe(true);
    expect(stale(bookingKeys.list({ page: 2 }))).toBe(true);
    expect(stale(eventKeys.figures({ bannerId: 'e1' }))).toBe(true);
    // Another read of the events feature that the refund did not name stays fresh.
    expect(stale(eventKeys.list({ page: 1 }))).toBe(false);
  });
});
