import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { draftToInstant, instantToDraft, ZonedDateTimeInput } from './ZonedDateTimeInput';

function Harness({ zone, initial = null }: { zone: string; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MantineProvider env="test">
      <ZonedDateTimeInput label="Starts" zone={zone} value={value} onChange={setValue} />
      <output data-testid="stored">{value ?? 'none'}</output>
    </MantineProvider>
  );
}

const timeField = (zone: string) => screen.getByLabelText(`Starts (${zone}): time`) as HTMLInputElement;

describe('ZonedDateTimeInput', () => {
  it('names its zone and shows the instant on that zone’s clock', () => {
    render(<Harness zone="Asia/Kolkata" initial="2026-03-04T19:05:09.000Z" />);
    expect(screen.getByText('Starts (Asia/Kolkata)')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Starts \(Asia\/Kolkata\): day/ }).textContent).toBe(
      'Mar 5, 2026',
    );
    expect(timeField('Asia/Kolkata').value).toBe('00:35');
  });

  it('stores a picked day and time as the instant in the stated zone, explaining a skipped time', async () => {
    render(<Harness zone="America/New_York" initial="2026-03-02T15:00:00.000Z" />);
    await userEvent.click(screen.getByRole('button', { name: /day/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '8 March 2026' }));
    // 10:00 the same clock time, now on daylight time (GMT-4).
    expect(screen.getByTestId('stored').textContent).toBe('2026-03-08T14:00:00.000Z');

    // 02:30 on 8 March does not happen in New York: the clocks jump from 2:00 to 3:00.
    fireEvent.change(timeField('America/New_York'), { target: { value: '02:30' } });
    expect(screen.getByTestId('stored').textContent).toBe('2026-03-08T07:30:00.000Z');
    // Shown as entered, with what is saved said under it.
    expect(timeField('America/New_York').value).toBe('02:30');
    expect(
      screen.getByText(
        '2:30 AM on Mar 8, 2026 does not exist in America/New_York: the clocks go forward from 2:00 AM to 3:00 AM. It is saved as 3:30 AM.',
      ),
    ).toBeTruthy();
  });

  it('takes a day without a time as its start', async () => {
    render(<Harness zone="Europe/Berlin" />);
    expect(timeField('Europe/Berlin').disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /day/ }));
    const dialog = await screen.findByRole('dialog');
    const first = within(dialog).getAllByRole('button', { name: /^1 / })[0] as HTMLElement;
    await userEvent.click(first);
    const stored = screen.getByTestId('stored').textContent ?? '';
    expect(instantToDraft(stored, 'Europe/Berlin').time).toBe('00:00');
  });
});

describe('day and time ↔ instant', () => {
  it('round-trips in a zone', () => {
    expect(instantToDraft('2026-03-04T19:05:09.000Z', 'Asia/Kolkata')).toEqual({
      date: '2026-03-05',
      time: '00:35',
    });
    expect(instantToDraft(null, 'UTC')).toEqual({ date: null, time: '' });
    expect(draftToInstant({ date: '2026-03-05', time: '00:35' }, 'Asia/Kolkata')).toEqual({
      iso: '2026-03-04T19:05:00.000Z',
      note: null,
    });
    expect(draftToInstant({ date: null, time: '10:00' }, 'UTC')).toEqual({ iso: null, note: null });
  });

  it('moves a time skipped by daylight saving on, and says so', () => {
    expect(draftToInstant({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin')).toEqual({
      iso: '2026-03-29T01:30:00.000Z',
      note: '2:30 AM on Mar 29, 2026 does not exist in Europe/Berlin: the clocks go forward from 2:00 AM to 3:00 AM. It is saved as 3:30 AM.',
    });
  });

  it('takes the first of a time that happens twice, or the second when asked', () => {
    const draft = { date: '2026-10-25', time: '02:30' };
    expect(draftToInstant(draft, 'Europe/Berlin').iso).toBe('2026-10-25T00:30:00.000Z');
    expect(draftToInstant(draft, 'Europe/Berlin', 'later').iso).toBe('2026-10-25T01:30:00.000Z');
    expect(draftToInstant(draft, 'Europe/Berlin').note).toBe(
      '2:30 AM happens twice on Oct 25, 2026 in Europe/Berlin (the clocks go back); the first one (GMT+2) is used.',
    );
  });
});
