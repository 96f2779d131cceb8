import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { useLoadedComponent } from './use-loaded-component';

const Loaded: ComponentType = () => <p>Host mounted</p>;

/** A chunk that fails while the network is down, then loads; it counts the attempts. */
function flakyChunk(failures: number) {
  const chunk = {
    attempts: 0,
    load: async () => {
      chunk.attempts += 1;
      if (chunk.attempts <= failures) throw new TypeError('Failed to fetch dynamically imported module');
      return Loaded;
    },
  };
  return chunk;
}

function Host({ load, wanted }: { load: () => Promise<ComponentType>; wanted: boolean }) {
  const Component = useLoadedComponent(load, wanted);
  return (
    <main>
      <label>
        Email <input defaultValue="ada@example.com" />
      </label>
      {Component && <Component />}
    </main>
  );
}

describe('useLoadedComponent', () => {
  it('loads nothing until wanted, then mounts what the chunk exports', async () => {
    const chunk = flakyChunk(0);
    const view = render(<Host load={chunk.load} wanted={false} />);
    expect(chunk.attempts).toBe(0);
    view.rerender(<Host load={chunk.load} wanted />);
    expect(await screen.findByText('Host mounted')).toBeTruthy();
    expect(chunk.attempts).toBe(1);
  });

  it('keeps the page when the chunk cannot be fetched, and mounts it once the network is back', async () => {
    const chunk = flakyChunk(1);
    render(<Host load={chunk.load} wanted />);
    await act(async () => {});
    expect(chunk.attempts).toBe(1);
    // The page is still there, with what was typed; the host is simply not mounted yet.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByText('Host mounted')).toBeNull();

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Host mounted')).toBeTruthy();
    expect(chunk.attempts).toBe(2);
  });
});
