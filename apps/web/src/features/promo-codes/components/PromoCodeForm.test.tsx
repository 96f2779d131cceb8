import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { EMPTY_PROMO, formValuesOf, type PromoFormValues, toPromoBody } from './form-values';
import { PromoCodeForm } from './PromoCodeForm';

const EVENT = 'e5f0a3a4-1111-4aaa-8bbb-000000000001';
const TYPE = 'e5f0a3a4-1111-4aaa-8bbb-000000000002';
const event = {
  ticketTypes: [
    {
      _id: TYPE,
      pricing: 'PAID' as const,
      name: 'Presale',
      description: '',
      price: 2500,
      quantity: 10,
      saleStartsAt: null,
      saleEndsAt: null,
      minPerOrder: 1,
      maxPerOrder: null,
      hidden: true,
      sold: 0,
      position: 0,
    },
  ],
  occurrences: [],
  timeZone: 'Europe/Berlin',
  organization: { _id: EVENT, name: 'Harbour Lights', currency: 'EUR' },
};

function renderForm(save: (values: PromoFormValues) => Promise<unknown>) {
  render(
    <MantineProvider env="test">
      <PromoCodeForm event={event} initial={EMPTY_PROMO} submitLabel="Create code" save={save} />
    </MantineProvider>,
  );
}

describe('the promo code form', () => {
  it('shows errors on the fields and calls nothing until they are right', async () => {
    const save = vi.fn(async () => null);
    renderForm(save);
    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'x!');
    await userEvent.type(screen.getByRole('textbox', { name: /Percentage off/ }), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('A code has at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Enter a percentage from 1 to 100')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByRole('textbox', { name: /^Code/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'spring20');
    await userEvent.clear(screen.getByRole('textbox', { name: /Percentage off/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Percentage off/ }), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const values = (save.mock.calls[0] as unknown as [PromoFormValues])[0];
    expect(toPromoBody(EVENT, values, 'EUR')).toMatchObject({
      eventId: EVENT,
      code: 'spring20',
      kind: 'PERCENT',
      amount: 20,
      maxUses: null,
      status: 'ACTIVE',
    });
  });

  it('puts the server’s field errors under the fields and keeps what was typed', async () => {
    const save = vi.fn(async () => {
      throw new HttpError('response', 409, 'This event already has this code.', [
        { field: 'code', message: 'This event already has this code.' },
      ]);
    });
    renderForm(save);
    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'TAKEN');
    await userEvent.type(screen.getByRole('textbox', { name: /Percentage off/ }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('This event already has this code.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Code/ }) as HTMLInputElement).value).toBe('TAKEN');
  });
});

describe('promo code values', () => {
  it('turns a fixed amount into minor units and back', () => {
    const body = toPromoBody(
      EVENT,
      { ...EMPTY_PROMO, code: 'FIVE', kind: 'FIXED', amount: '5.50', maxUses: 10 },
      'EUR',
    );
    expect(body).toMatchObject({ kind: 'FIXED', amount: 550, maxUses: 10 });
    const back = formValuesOf({
      _id: TYPE,
      code: 'FIVE',
      kind: 'FIXED',
      amount: 550,
      ticketTypeIds: [],
      occurrenceIds: [],
      validFrom: null,
      validUntil: null,
      maxUses: 10,
      maxUsesPerBuyer: null,
      uses: 0,
      status: 'ACTIVE',
      batchId: null,
      orders: 0,
      revenue: 0,
      discountGiven: 0,
      currency: 'EUR',
      createdAt: '2026-11-26T10:00:00Z',
    });
    expect(back).toMatchObject({ amount: '5.50', maxUses: 10, maxUsesPerBuyer: '' });
  });
});
