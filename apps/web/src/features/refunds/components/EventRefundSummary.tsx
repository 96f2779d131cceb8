import { Paper, Table, Text } from '@mantine/core';
import type { EventRefundPlan } from '@marquee/contract';
import { formatMoney } from '../../../lib/money';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What refunding every paid order of the event takes, as label/amount rows: the total, who gives which
 * part back, what the platform still holds for the organizer and what the organizer must pay first.
 */
export function EventRefundSummary({ plan }: { plan: EventRefundPlan }) {
  const money = (amount: number) => formatMoney(amount, plan.currency);
  const { quote } = plan;
  const rows: { label: string; value: string; testId: string; strong?: boolean }[] = [
    {
      label: 'Paid orders',
      value: `${plural(plan.bookings, 'order', 'orders')}, ${plural(plan.tickets, 'ticket', 'tickets')}`,
      testId: 'plan-orders',
    },
    { label: 'Total to refund', value: money(quote.amount), testId: 'plan-amount', strong: true },
    {
      label: quote.refundServiceFee ? 'Service fee part (given back by the platform)' : 'Service fee part',
      value: quote.refundServiceFee ? money(quote.feePart) : `${money(0)} (the fee is kept)`,
      testId: 'plan-fee-part',
    },
    { label: "Organizer's part", value: money(quote.organizerPart), testId: 'plan-organizer-part' },
    { label: 'Held for the organizer now', value: money(quote.organizerHeld), testId: 'plan-held' },
    { label: 'Held after the refunds', value: money(quote.organizerBalanceAfter), testId: 'plan-after' },
    { label: 'Due from the organizer', value: money(quote.due), testId: 'plan-due', strong: quote.due > 0 },
  ];
  if (plan.duePaid > 0) {
    rows.push({ label: 'Already paid towards the due', value: money(plan.duePaid), testId: 'plan-due-paid' });
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={640}>
      <Table verticalSpacing="xs" aria-label="Refund summary">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.testId}>
              <Table.Th scope="row" fw={row.strong ? 700 : 500} style={{ whiteSpace: 'normal' }}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right" data-testid={row.testId}>
                <Text span fw={row.strong ? 700 : undefined} size="sm">
                  {row.value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
