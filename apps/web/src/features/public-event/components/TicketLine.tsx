import { ActionIcon, Badge, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { MAX_DONATION_MINOR, type PublicEvent, type PublicTicketType } from '@marquee/contract';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { formatMoney, minorDigits } from '../../../lib/money';
import {
  type CheckoutErrors,
  type LineDraft,
  stepQuantity,
  type TypeAvailability,
  ticketErrorKey,
} from '../model/checkout';

function PriceText({ type, currency }: { type: PublicTicketType; currency: string }) {
  if (type.pricing === 'FREE') return <Text fw={700}>Free</Text>;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <Stack gap={0}>
      <Text fw={700}>
        {type.pricing === 'DONATION' ? `From ${money(type.price)}` : money(type.buyerPays)}
      </Text>
      {type.buyerFee > 0 && (
        <Text size="xs" c="dimmed">
          {type.pricing === 'DONATION'
            ? 'plus a service fee on the amount you give'
            : `${money(type.price)} + ${money(type.buyerFee)} service fee`}
        </Text>
      )}
    </Stack>
  );
}

function leftText(availability: TypeAvailability): string | null {
  if (!availability.onSale) return availability.reason || null;
  return availability.remaining <= 10
    ? `Only ${availability.remaining} left`
    : `${availability.remaining} left`;
}

/** One ticket type: what it costs (fee included, and said), what is left, how many, and per-ticket details. */
export function TicketLine({
  event,
  type,
  line,
  availability,
  range,
  errors,
  disabled,
  onChange,
}: {
  event: PublicEvent;
  type: PublicTicketType;
  line: LineDraft;
  availability: TypeAvailability;
  range: { min: number; max: number };
  errors: CheckoutErrors;
  disabled: boolean;
  onChange: (next: LineDraft) => void;
}) {
  const key = ticketErrorKey(type._id);
  const error = errors[key];
  const errorId = `${key}-error`;
  const canBuy = availability.onSale && !disabled;
  const setQuantity = (quantity: number) => onChange({ ...line, quantity });
  const next = stepQuantity(line.quantity, 1, range);
  const left = leftText(availability);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`ticket-line-${type._id}`}
      // Focus lands here when the server refuses this line (sold out, too many).
      data-path={key}
      tabIndex={-1}
      aria-label={`${type.name} tickets`}
      role="group"
      style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {type.name}
            </Text>
            {type.description && (
              <Text size="sm" c="dimmed">
                {type.description}
              </Text>
            )}
            <PriceText type={type} currency={event.currency} />
            {left && (
              <Badge
                size="sm"
                variant="light"
                color={availability.onSale ? (availability.remaining <= 10 ? 'orange' : 'teal') : 'gray'}
                w="fit-content"
              >
                {left}
              </Badge>
            )}
          </Stack>
          <Group gap={6} wrap="nowrap" role="group" aria-label={`${type.name} quantity`}>
            <ActionIcon
              size={40}
              variant="default"
              aria-label={`Fewer ${type.name} tickets`}
              disabled={!canBuy || line.quantity === 0}
              onClick={() => setQuantity(stepQuantity(line.quantity, -1, range))}
            >
              <IconMinus size={18} aria-hidden />
            </ActionIcon>
            <Text
              component="output"
              w={28}
              ta="center"
              fw={700}
              fz="lg"
              aria-live="polite"
              aria-label={`${line.quantity} ${type.name} tickets`}
              aria-describedby={error ? errorId : undefined}
              data-testid={`quantity-${type._id}`}
            >
              {line.quantity}
            </Text>
            <ActionIcon
              size={40}
              variant="default"
              aria-label={`More ${type.name} tickets`}
              disabled={!canBuy || next === line.quantity}
              onClick={() => setQuantity(next)}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {canBuy && (type.minPerOrder > 1 || range.max < type.maxPerOrder || line.quantity === range.max) && (
          <Text size="xs" c="dimmed">
            {type.minPerOrder > 1 ? `At least ${type.minPerOrder} per order. ` : ''}
            {line.quantity > 0 && line.quantity === range.max
              ? 'That is the most you can add in this order.'
              : ''}
          </Text>
        )}
        {error && (
          <Text
            size="sm"
            c="var(--mantine-color-error)"
            id={errorId}
            role="alert"
            data-testid={`${key}-error`}
          >
            {error}
          </Text>
        )}
        {type.pricing === 'DONATION' && line.quantity > 0 && (
          <TextInput
            label={`Amount per ticket (${event.currency})`}
            description={`At least ${formatMoney(type.price, event.currency)}, at most ${formatMoney(MAX_DONATION_MINOR, event.currency)}`}
            inputMode={minorDigits(event.currency) > 0 ? 'decimal' : 'numeric'}
            value={line.amountText}
            error={errors[`${key}.amount`]}
            data-path={`${key}.amount`}
            onChange={(e) => onChange({ ...line, amountText: e.currentTarget.value })}
          />
        )}
        {event.attendeeNames &&
          Array.from({ length: line.quantity }, (_, n) => (
            <TextInput
              // Positions, not identities: the n-th ticket's name stays with the n-th field.
              // biome-ignore lint/suspicious/noArrayIndexKey: the n-th attendee field is the n-th ticket.
              key={n}
              label={`Attendee ${n + 1} name`}
              autoComplete={n === 0 ? 'name' : 'off'}
              value={line.attendees[n] ?? ''}
              error={errors[`${key}.attendees.${n}`]}
              data-path={`${key}.attendees.${n}`}
              onChange={(e) => {
                const attendees = [...line.attendees];
                attendees[n] = e.currentTarget.value;
                onChange({ ...line, attendees });
              }}
            />
          ))}
      </Stack>
    </Paper>
  );
}
