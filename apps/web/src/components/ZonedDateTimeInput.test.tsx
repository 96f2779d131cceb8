import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { instantToPickerValue, pickerValueToInstant, ZonedDateTimeInput } from './ZonedDateTimeInput';

function Harness({ zone, initial = null }: { zone: string; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MantineProvider env="test">
      <ZonedDateTimeInput
        label="Starts"
        zone={zone}
        value={value}
        onChange={setValue}
        defaultDate="2026-03-01"
      />
      <output data-testid="stored">{value ?? 'none'}</output>
    </MantineProvider>
  );
}

// Rendering Mantine's calendar is slow on a loaded machine.
describe('ZonedDateTimeInput', { timeout: 20_000 }, () => {
  it('names its zone and shows the instant on that zone’s clock', () => {
    render(<Harness zone="Asia/Kolkata" initial="2026-03-04T19:05:09.000Z" />);
    expect(screen.getByText('Starts (Asia/Kolkata)')).toBeTruthy();
    expect(screen.getByText('Mar 5, 2026 12:35 AM')).toBeTruthy();
  });

  it('stores a picked day and time as the instant in the stated zone', async () => {
    render(<Harness zone="America/New_York" />);
    await userEvent.click(screen.getByRole('button', { name: /Starts/ }));
    const dialog = await screen.findByRole('dialog');
    // 02:30 on 8 March does not happen in New York: the clocks jump from 2:00 to 3:00.
    await userEvent.click(within(dialog).getByRole('button', { name: '8 March 2026' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Hours' }), '02');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Minutes' }), '30');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'AM or PM' }), 'AM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set starts' }));

    expect(screen.getByTestId('stored').textContent).toBe('2026-03-08T07:30:00.000Z');
    // Shown as typed, with what is saved said under it.
    expect(screen.getByText('Mar 8, 2026 2:30 AM')).toBeTruthy();
    expect(
      screen.getByText(
        '2:30 AM on Mar 8, 2026 does not exist in America/New_York: the clocks go forward from 2:00 AM to 3:00 AM. It is saved as 3:30 AM.',
      ),
    ).toBeTruthy();
  });
});

describe('picker value ↔ instant', () => {
  it('round-trips in a zone', () => {
    expect(instantToPickerValue('2026-03-04T19:05:09.000Z', 'Asia/Kolkata')).toBe('2026-03-05 00:35:09');
    expect(instantToPickerValue(null, 'UTC')).toBeNull();
    expect(pickerValueToInstant('2026-03-05 00:35:09', 'Asia/Kolkata')).toEqual({
      iso: '2026-03-04T19:05:09.000Z',
      note: null,
    });
    expect(pickerValueToInstant(null, 'UTC')).toEqual({ iso: null, note: null });
  });

  it('moves a time skipped by daylight saving on, and says so', () => {
    expect(pickerValueToInstant('2026-03-29 02:30:00', 'Europe/Berlin')).toEqual({
      iso: '2026-03-29T01:30:00.000Z',
      note: '2:30 AM on Mar 29, 2026 does not exist in Europe/Berlin: the clocks go forward from 2:00 AM to 3:00 AM. It is saved as 3:30 AM.',
    });
  });

  it('takes the first of a time that happens twice, or the second when asked', () => {
    expect(pickerValueToInstant('2026-10-25 02:30:00', 'Europe/Berlin').iso).toBe('2026-10-25T00:30:00.000Z');
    expect(pickerValueToInstant('2026-10-25 02:30:00', 'Europe/Berlin', 'later').iso).toBe(
      '2026-10-25T01:30:00.000Z',
    );
  });
});
