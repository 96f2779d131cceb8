import { emptySelectionMessage } from '@marquee/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { CARD_LAYOUT_QUERY, DataTable, SEARCH_DEBOUNCE_MS } from './DataTable';
import { EnumBadge } from './EnumBadge';

type Row = { id: string; name: string };
const ROWS: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

function Harness(props: { rows?: Row[]; onRun: (ids: string[]) => void; onSearch?: (s: string) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <DataTable<Row>
      label="Things"
      rows={props.rows}
      total={props.rows?.length ?? 0}
      rowKey={(r) => r.id}
      page={1}
      limit={10}
      onPageChange={() => {}}
      onSearchChange={props.onSearch}
      selection={{ selected, onChange: setSelected }}
      bulkActions={[{ label: 'Delete selected', action: 'delete', onRun: props.onRun }]}
      columns={[{ key: 'name', title: 'Name', render: (r) => <a href={`#${r.id}`}>{r.name}</a> }]}
      emptyMessage="Nothing at all."
    />
  );
}

function renderHarness(props: Parameters<typeof Harness>[0]) {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <Harness {...props} />
    </AppProviders>,
  );
}

describe('DataTable', () => {
  it('guards bulk actions: nothing selected shows the empty-selection message and runs nothing', async () => {
    const onRun = vi.fn();
    renderHarness({ rows: ROWS, onRun });
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByText(emptySelectionMessage('delete'))).toBeTruthy();
    expect(onRun).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(onRun).toHaveBeenCalledWith(['a', 'b']);
  });

  it('shows the empty state and debounces the search', async () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      renderHarness({ rows: [], onRun: () => {}, onSearch });
      expect(screen.getByTestId('empty-state').textContent).toBe('Nothing at all.');
      const input = screen.getByRole('textbox', { name: 'Search things' });
      fireEvent.change(input, { target: { value: 'al' } });
      fireEvent.change(input, { target: { value: 'alp' } });
      expect(onSearch).not.toHaveBeenCalled();
      await act(async () => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10);
      });
      expect(onSearch).toHaveBeenCalledTimes(1);
      expect(onSearch).toHaveBeenCalledWith('alp');
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a pending search when a link in the list is followed before the search settles', async () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      renderHarness({ rows: ROWS, onRun: () => {}, onSearch });
      const input = screen.getByRole('textbox', { name: 'Search things' });
      fireEvent.change(input, { target: { value: 'alp' } });
      fireEvent.click(screen.getByRole('link', { name: 'Alpha' }));
      await act(async () => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10);
      });
      expect(onSearch).not.toHaveBeenCalled();

      // Typing again (the visit did not happen) searches as usual.
      fireEvent.change(input, { target: { value: 'alpha' } });
      await act(async () => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10);
      });
      expect(onSearch).toHaveBeenCalledWith('alpha');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows rows as cards on a phone: every value labelled, the actions in view', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === CARD_LAYOUT_QUERY,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      render(
        <AppProviders queryClient={createQueryClient()} env="test">
          <DataTable<Row>
            label="Things"
            rows={ROWS}
            total={2}
            rowKey={(r) => r.id}
            page={1}
            limit={10}
            onPageChange={() => {}}
            columns={[
              { key: 'name', title: 'Name', render: (r) => r.name },
              { key: 'status', title: 'Status', render: () => <EnumBadge value="BOTH" /> },
              {
                key: 'actions',
                title: 'Actions',
                render: (r) => <button type="button">Edit {r.name}</button>,
              },
            ]}
          />
        </AppProviders>,
      );
      expect(screen.queryByRole('table')).toBeNull();
      const cards = screen.getAllByTestId('data-card');
      expect(cards).toHaveLength(2);
      expect(cards[0]?.textContent).toContain('Status');
      expect(cards[0]?.textContent).toContain('Before and after login');
      expect(screen.getByRole('button', { name: 'Edit Beta' })).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows a failed list with its reason and Retry instead of "No results"', () => {
    const onRetry = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <DataTable<Row>
          label="Things"
          rows={undefined}
          total={0}
          rowKey={(r) => r.id}
          page={1}
          limit={10}
          onPageChange={() => {}}
          columns={[{ key: 'name', title: 'Name', render: (r) => r.name }]}
          error={new Error('Could not reach the server.')}
          onRetry={onRetry}
        />
      </AppProviders>,
    );
    expect(screen.getByTestId('list-error').textContent).toContain('Could not reach the server.');
    expect(screen.queryByText('No results')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says "more than" a capped total and keeps the next page while a page is full', () => {
    const onPageChange = vi.fn();
    const full: Row[] = Array.from({ length: 2 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <DataTable<Row>
          label="Things"
          rows={full}
          total={10_000}
          totalCapped
          rowKey={(r) => r.id}
          page={5000}
          limit={2}
          onPageChange={onPageChange}
          columns={[{ key: 'name', title: 'Name', render: (r) => r.name }]}
        />
      </AppProviders>,
    );
    expect(screen.getByTestId('list-count').textContent).toBe('9,999–10,000 of more than 10,000');
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(onPageChange).toHaveBeenCalledWith(5001);
  });

  it('says "about" an estimated total, and keeps the next page past it while a page is full', () => {
    const onPageChange = vi.fn();
    const full: Row[] = Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));
    const table = (page: number, rows: Row[]) => (
      <AppProviders queryClient={createQueryClient()} env="test">
        <DataTable<Row>
          label="Tickets"
          rows={rows}
          total={71_000}
          totalEstimated
          rowKey={(r) => r.id}
          page={page}
          limit={20}
          onPageChange={onPageChange}
          columns={[{ key: 'name', title: 'Name', render: (r) => r.name }]}
        />
      </AppProviders>
    );
    const { rerender } = render(table(1, full));
    expect(screen.getByTestId('list-count').textContent).toBe('1–20 of about 71,000');
    // The estimate may be low: the page after its last known one is still offered while pages are full.
    rerender(table(3550, full));
    expect(screen.getByTestId('list-count').textContent).toBe('70,981–71,000 of about 71,000');
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3551);
    rerender(table(3551, full.slice(0, 3)));
    expect(screen.getByTestId('list-count').textContent).toBe('71,001–71,003 of about 71,000');
  });
});
