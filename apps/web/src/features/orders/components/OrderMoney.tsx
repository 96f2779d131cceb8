import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { OrderDetail } from '@marquee/contract';
import { CARD_LAYOUT_QUERY } from '../../../components/DataTable';
import { humanizeEnum } from '../../../components/EnumBadge';
import { formatMoney } from '../../../lib/money';
import { inEventZone, LEDGER_ACCOUNT_LABELS } from './labels';

const NUMERIC = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** On a phone the money tables fold their descriptive columns into the first, so amounts stay in view. */
const usePhone = () => useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });

/**
 * What was bought: one line per ticket type. When the buyer pays the service fee, each line carries its
 * unit fee and the line totals add up to the charge; when the organization absorbs it, the buyer paid
 * the prices only, so the lines are the prices and the absorbed fee is its own line in the totals.
 */
export function OrderLines({ order }: { order: OrderDetail }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const phone = usePhone();
  const buyerPaysFee = order.feePaidBy === 'BUYER';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Tickets bought
        </Title>
        <Table.ScrollContainer minWidth={phone ? 0 : 480}>
          <Table aria-label="Order lines" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ticket type</Table.Th>
                {!phone && (
                  <>
                    <Table.Th style={NUMERIC}>Quantity</Table.Th>
                    <Table.Th style={NUMERIC}>Unit price</Table.Th>
                    {buyerPaysFee && <Table.Th style={NUMERIC}>Unit fee</Table.Th>}
                  </>
                )}
                <Table.Th style={NUMERIC}>Line total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((line) => {
                const unitCharged = line.unitPrice + (buyerPaysFee ? line.unitFee : 0);
                return (
                  <Table.Tr key={line.ticketTypeId}>
                    {phone ? (
                      <Table.Td>
                        <Text size="sm">{line.name}</Text>
                        <Text size="xs" c="dimmed">
                          {buyerPaysFee
                            ? `${line.quantity} × ${money(line.unitPrice)} + ${money(line.unitFee)} fee`
                            : `${line.quantity} × ${money(line.unitPrice)}`}
                        </Text>
                      </Table.Td>
                    ) : (
                      <>
                        <Table.Td>{line.name}</Table.Td>
                        <Table.Td style={NUMERIC}>{line.quantity}</Table.Td>
                        <Table.Td style={NUMERIC}>{money(line.unitPrice)}</Table.Td>
                        {buyerPaysFee && <Table.Td style={NUMERIC}>{money(line.unitFee)}</Table.Td>}
                      </>
                    )}
                    <Table.Td style={NUMERIC}>{money(line.quantity * unitCharged)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/**
 * Subtotal, service fee, total, refunds and what the organizer receives. A fee the buyer paid is part of
 * the total; a fee the organization absorbed is not charged to the buyer, so it shows after the total as
 * a deduction from what the organizer receives.
 */
export function OrderTotals({ order }: { order: OrderDetail }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const absorbed = order.feePaidBy === 'ABSORBED';
  const rows: [string, string, boolean?][] = [
    // What a promo code took off the list prices; the subtotal is after it (docs/promo-codes.md).
    ...(order.promoCode
      ? ([[`Promo code ${order.promoCode}`, money(-(order.discount ?? 0))]] as [string, string][])
      : []),
    ['Subtotal', money(order.subtotal)],
    ...(absorbed
      ? []
      : ([['Service fee (paid by the buyer)', money(order.serviceFee)]] as [string, string][])),
    ['Total', money(order.total), true],
    ...(order.refunded > 0 ? ([['Refunded', money(-order.refunded)]] as [string, string][]) : []),
    ...(absorbed && order.serviceFee > 0
      ? ([['Service fee (absorbed by the organization)', money(-order.serviceFee)]] as [string, string][])
      : []),
    ['Organizer receives', money(order.organizerAmount), true],
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Totals
        </Title>
        <dl style={{ margin: 0 }} data-testid="order-totals">
          {rows.map(([label, value, strong]) => (
            <Group key={label} justify="space-between" gap="sm" wrap="nowrap" py={4}>
              <Text component="dt" size="sm" fw={strong ? 600 : 400}>
                {label}
              </Text>
              <Text component="dd" m={0} size="sm" fw={strong ? 600 : 400} style={NUMERIC}>
                {value}
              </Text>
            </Group>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}

/**
 * The double-entry postings of the order: debits positive, credits negative. Their sum is shown, and
 * a sum other than zero is flagged, since every posting group must balance.
 */
export function LedgerTable({ order, zone }: { order: OrderDetail; zone: string }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const debits = order.ledger.filter((l) => l.amount > 0).reduce((sum, l) => sum + l.amount, 0);
  const credits = order.ledger.filter((l) => l.amount < 0).reduce((sum, l) => sum - l.amount, 0);
  const balance = debits - credits;
  const phone = usePhone();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            Ledger
          </Title>
          {order.ledger.length > 0 &&
            (balance === 0 ? (
              <Badge color="teal" variant="light" tt="none" data-testid="ledger-balance">
                Balanced: debits equal credits
              </Badge>
            ) : (
              <Badge color="red" variant="light" tt="none" data-testid="ledger-balance">
                {`Out of balance by ${money(balance)}`}
              </Badge>
            ))}
        </Group>
        {order.ledger.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is posted until the order is confirmed.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={phone ? 0 : 560}>
            <Table aria-label="Ledger lines" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {!phone && <Table.Th>Posted</Table.Th>}
                  <Table.Th>Account</Table.Th>
                  {!phone && <Table.Th>Entry</Table.Th>}
                  <Table.Th style={NUMERIC}>Debit</Table.Th>
                  <Table.Th style={NUMERIC}>Credit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.ledger.map((line) => (
                  <Table.Tr key={`${line.groupId}-${line.account}-${line.kind}`}>
                    {!phone && <Table.Td>{inEventZone(line.createdAt, zone)}</Table.Td>}
                    <Table.Td>
                      {LEDGER_ACCOUNT_LABELS[line.account] ?? line.account}
                      {phone && (
                        <Text size="xs" c="dimmed">
                          {`${humanizeEnum(line.kind)} · ${inEventZone(line.createdAt, zone)}`}
                        </Text>
                      )}
                    </Table.Td>
                    {!phone && <Table.Td>{humanizeEnum(line.kind)}</Table.Td>}
                    <Table.Td style={NUMERIC}>{line.amount > 0 ? money(line.amount) : ''}</Table.Td>
                    <Table.Td style={NUMERIC}>{line.amount < 0 ? money(-line.amount) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={phone ? 1 : 3}>Sums</Table.Th>
                  <Table.Th style={NUMERIC} data-testid="ledger-debits">
                    {money(debits)}
                  </Table.Th>
                  <Table.Th style={NUMERIC} data-testid="ledger-credits">
                    {money(credits)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
