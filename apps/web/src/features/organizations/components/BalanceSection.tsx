import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DuePayment, OrganizationBalance } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListError } from '../../../components/ListError';
import { formatDate, formatTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { orderDetailsPath } from '../../orders';
import { issueEventRefundPath } from '../../refunds';
import { organizationBalanceQuery } from '../api/get-organization-balance';

const DUE_STATUS: Record<DuePayment['status'], { label: string; color: string }> = {
  PENDING: { label: 'Awaiting payment', color: 'yellow' },
  SUCCEEDED: { label: 'Paid', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
};

const when = (at: string) => `${formatDate(at)} ${formatTime(at)}`;

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** One due: what it was for (an order's refund or an event's cancellation), its amount and state. */
function DueRow({ due }: { due: DuePayment }) {
  const status = DUE_STATUS[due.status];
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="due-payment">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {due.purpose === 'EVENT_CANCELLATION' ? (
              <Anchor component={Link} to={issueEventRefundPath(due.eventId)} inherit>
                {`Cancellation of ${due.eventTitle}`}
              </Anchor>
            ) : due.bookingId ? (
              <>
                {'Refund of order '}
                <Anchor component={Link} to={orderDetailsPath(due.bookingId)} inherit>
                  {due.bookingCode ?? 'order'}
                </Anchor>
                {` · ${due.eventTitle}`}
              </>
            ) : (
              `Refund · ${due.eventTitle}`
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {due.paidAt ? `Paid ${when(due.paidAt)}` : `Asked ${when(due.createdAt)}`}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text fw={700} size="sm">
            {formatMoney(due.amount, due.currency)}
          </Text>
          <Badge color={status.color} variant="light" tt="none">
            {status.label}
          </Badge>
        </Stack>
      </Group>
    </Paper>
  );
}

function BalanceBody({ balance }: { balance: OrganizationBalance }) {
  const money = (amount: number) => formatMoney(amount, balance.currency);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat label="Held by the platform" value={money(balance.held)} testId="balance-held" />
        <Stat label="Paid out" value={money(balance.paidOut)} testId="balance-paid-out" />
        <Stat label="Pending refunds" value={money(balance.pendingRefunds)} testId="balance-pending" />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Sales are held until their event is completed, then paid out. Refunds come out of what is held; when
        it does not cover them, the difference is due from the organization.
      </Text>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Payouts
        </Title>
        {balance.payouts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payouts yet.
          </Text>
        ) : (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {balance.payouts.map((payout) => (
              <Group key={payout._id} component="li" justify="space-between" gap="xs" data-testid="payout">
                <Text size="sm">{when(payout.createdAt)}</Text>
                <Text size="sm" fw={600}>
                  {money(payout.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Due payments
        </Title>
        {balance.dues.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is due: refunds so far were covered by the held balance.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {balance.dues.map((due) => (
              <DueRow key={due._id} due={due} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** The payouts tab's money: held balance, payouts and what the organization owed or owes for refunds. */
export function BalanceSection({ organizationId }: { organizationId: string }) {
  const balance = useQuery({ ...organizationBalanceQuery(organizationId), refetchOnMount: 'always' });
  return (
    <Stack gap="sm" component="section" aria-labelledby="balance-title">
      <Title order={2} fz="lg" id="balance-title">
        Balance
      </Title>
      {balance.isPending ? (
        <Loader size="sm" aria-label="Loading the balance" role="status" />
      ) : balance.isError && !balance.data ? (
        <ListError label="Balance" error={balance.error} onRetry={() => void balance.refetch()} />
      ) : balance.data ? (
        <BalanceBody balance={balance.data} />
      ) : null}
    </Stack>
  );
}
