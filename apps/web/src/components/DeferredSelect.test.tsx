import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { DeferredSelect } from './DeferredSelect';

const PERIODS = [
  { value: 'LAST_30_DAYS', label: 'Last 30 days' },
  { value: 'TODAY', label: 'Today' },
];

function PeriodFilter() {
  const [period, setPeriod] = useState('LAST_30_DAYS');
  return (
    <>
      <DeferredSelect label="Period" data={PERIODS} value={period} onChange={(v) => v && setPeriod(v)} />
      <output>{period}</output>
    </>
  );
}

const renderFilter = () =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <PeriodFilter />
    </AppProviders>,
  );

describe('DeferredSelect', () => {
  it('shows the chosen option before the picker has loaded, and a tap opens the picker to choose', async () => {
    renderFilter();
    const field = screen.getByRole('combobox', { name: 'Period' }) as HTMLInputElement;
    expect(field.value).toBe('Last 30 days');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('option', { name: 'Today' }));
    expect(screen.getByRole('status').textContent).toBe('TODAY');
    expect((screen.getByRole('combobox', { name: 'Period' }) as HTMLInputElement).value).toBe('Today');
  });

  it('opens from the keyboard with the focus kept in the field', async () => {
    renderFilter();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Today' });
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Period' }));
  });
});
