import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { openConfirmAction } from './ConfirmAction';

/** Asks for a confirm in its first effect: before the lazily loaded modal manager can have mounted. */
function AsksAtMount({ onConfirm }: { onConfirm: () => void }) {
  useEffect(() => {
    openConfirmAction({
      title: 'Make the event private?',
      message: 'Only invited guests see it.',
      onConfirm,
    });
  }, [onConfirm]);
  return null;
}

describe('openConfirmAction', () => {
  it('shows a confirm asked for as the app mounts, before the modal manager has loaded', async () => {
    const onConfirm = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <AsksAtMount onConfirm={onConfirm} />
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make the event private?' });
    expect(within(dialog).getByText('Only invited guests see it.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});
