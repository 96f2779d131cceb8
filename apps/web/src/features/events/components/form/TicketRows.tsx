import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { EVENT_LIMITS, type FeeQuote, MAX_DONATION_MINOR, type TicketPricing } from '@marquee/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ZonedDateTimeInput } from '../../../../components/ZonedDateTimeInput';
import { formatMoney, minorDigits } from '../../../../lib/money';
import { type FeeItem, useFeeQuote } from '../../api/service-fee';
import { emptyTicket, type TicketValues, ticketPrice } from './form-model';
import type { StepProps } from './types';

const PRICING: { value: TicketPricing; label: string }[] = [
  { value: 'PAID', label: 'Paid' },
  { value: 'FREE', label: 'Free' },
  { value: 'DONATION', label: 'Donation' },
];

function feeItems(rows: TicketValues[], currency: string): FeeItem[] {
  return rows.flatMap((t) => {
    const price = ticketPrice(t, currency);
    return price.ok ? [{ key: t.key, pricing: t.pricing, price: price.amountMinor }] : [];
  });
}

/** What one ticket's quantity counts: a single event has one date; a course sells the whole course. */
function quantityDescription(
  kind: StepProps['kind'],
  options: StepProps['options'],
  classTypeId: string | null,
) {
  if (kind === 'SINGLE') return 'Tickets for sale';
  if (kind === 'MULTI') return 'For each date';
  const mode = options.classTypes.find((c) => c._id === classTypeId)?.bookingMode;
  return mode === 'COURSE' ? 'For the whole course' : 'For each session';
}

/** Price, fee, what the buyer pays and what the organizer receives, for one row. */
function FeePreview({
  quote,
  row,
  pending,
}: {
  quote: FeeQuote | undefined;
  row: TicketValues;
  pending: boolean;
}) {
  const item = quote?.items.find((i) => i.key === row.key);
  if (!quote || !item) {
    return (
      <Text size="sm" c="dimmed" data-testid="fee-preview">
        {pending ? 'Working out the service fee…' : 'Enter a price to see the service fee.'}
      </Text>
    );
  }
  const money = (n: number) => formatMoney(n, quote.currency);
  const cells: [string, string][] = [
    ['Price', money(item.price)],
    ['Service fee', money(item.serviceFee)],
    ['Buyer pays', money(item.buyerPays)],
    ['You receive', money(item.organizerReceives)],
  ];
  return (
    <Paper bg="gray.0" p="xs" radius="sm" data-testid="fee-preview" aria-live="polite">
      {/* Two by two on a phone, one row from small tablets up. */}
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" verticalSpacing={6}>
        {cells.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="gray.7">
              {label}
            </Text>
            <Text size="sm" fw={600}>
              {value}
            </Text>
          </div>
        ))}
        {quote.waived && (
          <Badge color="teal" variant="light" style={{ alignSelf: 'center' }}>
            Fee waived
          </Badge>
        )}
      </SimpleGrid>
    </Paper>
  );
}

/** The ticket types, one card per row, each with its live service-fee preview. */
export function TicketRows({ form, kind, options, organization }: StepProps) {
  const rows = form.values.ticketTypes;
  const currency = organization?.currency ?? 'USD';
  const zone = form.values.location.timeZone;
  const quote = useFeeQuote(form.values.organizationId, feeItems(rows, currency));
  // The fallback organization (an administrator editing another's event) has no known maximum.
  const known = organization?.maxTicketsPerOrder;
  const maxPerOrder = known !== undefined && known < EVENT_LIMITS.maxQuantity ? known : undefined;
  const quantityNote = quantityDescription(kind, options, form.values.classTypeId);
  const step = minorDigits(currency) > 0 ? `e.g. 12.${'5'.padEnd(minorDigits(currency), '0')}` : 'e.g. 1250';
  return (
    <Stack gap="sm">
      <Checkbox
        label="Ask buyers for each attendee's name"
        description="Every ticket then carries the name of the person it admits."
        {...form.getInputProps('attendeeNames', { type: 'checkbox' })}
      />
      {typeof form.errors.ticketTypes === 'string' && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.ticketTypes}
        </Text>
      )}
      {rows.map((row, index) => {
        const path = `ticketTypes.${index}`;
        return (
          <Paper
            key={row.key}
            withBorder
            p="sm"
            radius="md"
            role="group"
            aria-label={`Ticket ${index + 1}`}
            data-testid="ticket-row"
          >
            <Group justify="space-between" mb="xs">
              <Text fw={600} size="sm">
                Ticket {index + 1}
                {row.name ? `: ${row.name}` : ''}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ticket ${index + 1}`}
                disabled={rows.length <= 1}
                onClick={() => form.removeListItem('ticketTypes', index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select
                  label="Pricing"
                  allowDeselect={false}
                  data={PRICING}
                  {...form.getInputProps(`${path}.pricing`)}
                  onChange={(value) => {
                    form.setFieldValue(`${path}.pricing`, (value ?? 'PAID') as TicketPricing);
                    if (value === 'FREE') form.setFieldValue(`${path}.price`, '');
                  }}
                />
                <TextInput label="Name" required {...form.getInputProps(`${path}.name`)} />
                <TextInput
                  label={
                    row.pricing === 'DONATION' ? `Minimum donation (${currency})` : `Price (${currency})`
                  }
                  required={row.pricing !== 'FREE'}
                  disabled={row.pricing === 'FREE'}
                  inputMode="decimal"
                  placeholder={row.pricing === 'FREE' ? 'Free' : step}
                  description={
                    row.pricing === 'DONATION'
                      ? `Buyers give up to ${formatMoney(MAX_DONATION_MINOR, currency)} per ticket`
                      : undefined
                  }
                  {...form.getInputProps(`${path}.price`)}
                />
              </SimpleGrid>
              <Textarea
                label="Description"
                autosize
                minRows={1}
                maxRows={4}
                {...form.getInputProps(`${path}.description`)}
              />
              {/* Two numbers a row on a phone: each with a line of description, so the inputs align. */}
              <SimpleGrid cols={{ base: 2, xs: 3 }}>
                <NumberInput
                  label="Quantity"
                  description={quantityNote}
                  required
                  min={1}
                  max={EVENT_LIMITS.maxQuantity}
                  allowDecimal={false}
                  {...form.getInputProps(`${path}.quantity`)}
                />
                <NumberInput
                  label="Min per order"
                  description="At least 1"
                  min={1}
                  max={maxPerOrder}
                  allowDecimal={false}
                  {...form.getInputProps(`${path}.minPerOrder`)}
                />
                <NumberInput
                  label="Max per order"
                  description={maxPerOrder ? `Optional, at most ${maxPerOrder}` : 'Optional'}
                  min={1}
                  max={maxPerOrder}
                  allowDecimal={false}
                  {...form.getInputProps(`${path}.maxPerOrder`)}
                />
              </SimpleGrid>
              {zone && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <ZonedDateTimeInput
                    label="Sale starts"
                    zone={zone}
                    clearable
                    description="Optional: on sale at once"
                    value={row.saleStartsAt}
                    onChange={(iso) => form.setFieldValue(`${path}.saleStartsAt`, iso)}
                    error={form.errors[`${path}.saleStartsAt`]}
                  />
                  <ZonedDateTimeInput
                    label="Sale ends"
                    zone={zone}
                    clearable
                    description="Optional: until the event starts"
                    value={row.saleEndsAt}
                    onChange={(iso) => form.setFieldValue(`${path}.saleEndsAt`, iso)}
                    error={form.errors[`${path}.saleEndsAt`]}
                  />
                </SimpleGrid>
              )}
              <Checkbox
                label="Hidden: shown to buyers only with a promo code"
                description="For presales: a promo code that names this ticket type reveals it."
                {...form.getInputProps(`${path}.hidden`, { type: 'checkbox' })}
              />
              <FeePreview quote={quote.data} row={row} pending={quote.isFetching} />
            </Stack>
          </Paper>
        );
      })}
      {quote.isError && (
        <Text size="sm" c="dimmed">
          The service fee preview is unavailable right now; it is worked out again on the next change.
        </Text>
      )}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        disabled={rows.length >= EVENT_LIMITS.maxTicketTypes}
        onClick={() => form.insertListItem('ticketTypes', emptyTicket())}
      >
        Add a ticket type
      </Button>
    </Stack>
  );
}
