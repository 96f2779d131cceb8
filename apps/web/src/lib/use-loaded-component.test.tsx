import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { useLoadedComponent, useLoadedComponentState } from './use-loaded-component';

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

function AskedHost({ load }: { load: () => Promise<ComponentType> }) {
  const { component: Component, failed, retry } = useLoadedComponentState(load, true);
  if (Component) return <Component />;
  if (failed)
    return (
      <p role="alert">
        Could not load.{' '}
        <button type="button" onClick={retry}>
          Try again
        </button>
      </p>
    );
  return <p>Loading</p>;
}

describe('useLoadedComponentState', () => {
  it('says when the chunk cannot be fetched, and Try again fetches it at once', async () => {
    const chunk = flakyChunk(1);
    render(<AskedHost load={chunk.load} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load.');
    expect(chunk.attempts).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Host mounted')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chunk.attempts).toBe(2);
  });

  it('a Try again that fails again says so again, and the next one loads it', async () => {
    const chunk = flakyChunk(2);
    render(<AskedHost load={chunk.load} />);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(chunk.attempts).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Host mounted')).toBeTruthy();
    expect(chunk.attempts).toBe(3);
  });
});
