import { deleteTag } from '@marquee/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRouteMutation } from './api-hooks';

// A real contract route stands in for a refund: what matters is the header each attempt carries.
const refund = deleteTag;
const body = { tagIds: ['t1'] };

/** A server that fails the first `failures` calls (503) and answers the rest; it records each call's key. */
function server(failures: number) {
  const keys: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('idempotency-key'));
      return keys.length <= failures
        ? Response.json({ message: 'Busy, try again' }, { status: 503 })
        : Response.json({ message: 'Refunded', result: { deleted: 1 } });
    }),
  );
  return keys;
}

function mountMutation(options: { idempotent?: boolean } = { idempotent: true }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useRouteMutation(refund, { invalidates: [], silentSuccess: true, ...options }), {
    wrapper,
  }).result;
}

const attempt = (mutation: ReturnType<typeof mountMutation>) =>
  act(() => mutation.current.mutateAsync(body).catch(() => undefined));

describe('useRouteMutation idempotency', () => {
  it('sends the same key when the same intent is retried, and a new key for the next intent', async () => {
    const keys = server(2);
    const dialog = mountMutation();
    await attempt(dialog); // fails
    await attempt(dialog); // Retry: fails again
    await attempt(dialog); // Retry: succeeds, the intent is done
    await attempt(dialog); // a new change from the same screen
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('gives another opened dialog (another intent) its own key', async () => {
    const keys = server(0);
    await attempt(mountMutation());
    await attempt(mountMutation());
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends no key for a change that does not ask for one', async () => {
    const keys = server(0);
    await attempt(mountMutation({ idempotent: false }));
    expect(keys).toEqual([null]);
  });
});
