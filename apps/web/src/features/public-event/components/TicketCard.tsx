import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { BuyerTicket } from '@marquee/contract';
import { QRCodeSVG } from 'qrcode.react';
import { dateRange } from '../model/when';

const STATUS_TEXT: Record<BuyerTicket['status'], string> = {
  VALID: 'Valid',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
};

/** One seat: its QR code (the ticket's code, which the scanner reads), type, attendee and date. */
export function TicketCard({
  ticket,
  index,
  count,
  zone,
}: {
  ticket: BuyerTicket;
  index: number;
  count: number;
  zone: string;
}) {
  const valid = ticket.status === 'VALID';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="ticket"
      style={{ breakInside: 'avoid', pageBreakInside: 'avoid' }}
    >
      <Stack align="center" gap="xs">
        <Text size="sm" c="dimmed">
          Ticket {index + 1} of {count}
        </Text>
        <div style={{ background: '#fff', padding: 8, opacity: valid ? 1 : 0.35 }}>
          <QRCodeSVG
            value={ticket.code}
            size={176}
            level="M"
            marginSize={2}
            title={`QR code of ticket ${index + 1}`}
            role="img"
            aria-label={`QR code of ticket ${index + 1}`}
            data-testid="ticket-qr"
          />
        </div>
        <Text fw={700} ta="center">
          {ticket.ticketTypeName}
        </Text>
        {ticket.attendeeName && <Text ta="center">{ticket.attendeeName}</Text>}
        {ticket.occurrence && (
          <Text size="sm" ta="center">
            {dateRange(ticket.occurrence.startsAt, ticket.occurrence.endsAt, zone)}
          </Text>
        )}
        <Group gap="xs">
          <Badge variant="light" color={valid ? 'teal' : 'gray'}>
            {STATUS_TEXT[ticket.status]}
          </Badge>
        </Group>
      </Stack>
    </Paper>
  );
}
