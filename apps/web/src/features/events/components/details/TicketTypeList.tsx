import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { EventDetail, TicketType } from '@marquee/contract';
import { formatMoney } from '../../../../lib/money';
import { eventWhen } from './event-time';

function priceText(t: TicketType, currency: string): string {
  if (t.pricing === 'FREE') return 'Free';
  if (t.pricing === 'DONATION') return `Donation, from ${formatMoney(t.price, currency)}`;
  return formatMoney(t.price, currency);
}

/** Ticket types with prices in the organization's currency, sold over offered, and sales window. */
export function TicketTypeList({ event }: { event: EventDetail }) {
  const currency = event.organization.currency;
  const perCourse = event.classType?.bookingMode === 'COURSE';
  return (
    <Stack gap="sm" component="section" aria-labelledby="tickets-title">
      <Title order={2} size="h4" id="tickets-title">
        Tickets
      </Title>
      {event.ticketTypes.length === 0 && (
        <Text size="sm" c="dimmed">
          No ticket types yet.
        </Text>
      )}
      {[...event.ticketTypes]
        .sort((a, b) => a.position - b.position || a._id.localeCompare(b._id))
        .map((t) => {
          const sales = eventWhen(t.saleStartsAt, t.saleEndsAt, event.timeZone);
          return (
            <Paper key={t._id} withBorder radius="sm" p="sm" data-testid="ticket-type">
              <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Group gap={6}>
                    <Text fw={500}>{t.name}</Text>
                    <Badge variant="light" color="gray" tt="none">
                      {t.pricing === 'PAID' ? 'Paid' : t.pricing === 'FREE' ? 'Free' : 'Donation'}
                    </Badge>
                  </Group>
                  {t.description && (
                    <Text size="sm" c="dimmed">
                      {t.description}
                    </Text>
                  )}
                  {sales && t.saleStartsAt && (
                    <Text
                      size="xs"
                      c="dimmed"
                    >{`On sale ${sales.dates}, ${sales.times} (${sales.zone})`}</Text>
                  )}
                </Stack>
                {/* Pushed right, also when it wraps under the name on a phone. */}
                <Stack gap={0} align="flex-end" ml="auto">
                  <Text fw={600} data-testid="ticket-price">
                    {priceText(t, currency)}
                  </Text>
                  <Text size="sm">
                    {`${t.sold} sold · ${t.quantity} ${perCourse ? 'for the course' : event.kind === 'SINGLE' ? 'offered' : 'per date'}`}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          );
        })}
    </Stack>
  );
}
