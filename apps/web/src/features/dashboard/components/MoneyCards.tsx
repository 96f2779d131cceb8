import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrganizerDashboard, PayoutStatus } from '@marquee/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { organizationPath } from '../../organizations/paths';
import { useDashboardLink } from '../api/create-dashboard-link';
import classes from './dashboard.module.css';

const PAYOUT_LABELS: Record<PayoutStatus, { label: string; color: string }> = {
  NOT_STARTED: { label: 'Not set up', color: 'gray' },
  PENDING: { label: 'Pending', color: 'yellow' },
  ACTIVE: { label: 'Active', color: 'teal' },
  RESTRICTED: { label: 'Restricted', color: 'red' },
};

function PayoutCard({ payout }: { payout: NonNullable<OrganizerDashboard['payout']> }) {
  const link = useDashboardLink();
  const status = PAYOUT_LABELS[payout.status];
  // A one-time link: followed at once, in this tab (a window opened after the call would be blocked).
  const open = async () => {
    const { result } = await link.mutateAsync({ organizationId: payout.organizationId });
    window.location.assign(result.url);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="payout-heading"
      data-testid="payout-card"
    >
      <Stack gap="xs">
        <Title order={2} fz="md" id="payout-heading">
          Payouts
        </Title>
        <Group gap="xs">
          <Text size="sm">Account</Text>
          <Badge variant="light" color={status.color} data-testid="payout-status">
            {status.label}
          </Badge>
        </Group>
        {payout.canOpenDashboard ? (
          <Button
            variant="default"
            size="sm"
            onClick={open}
            loading={link.isPending}
            rightSection={<IconExternalLink size={14} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            Open payout dashboard
          </Button>
        ) : (
          <Anchor component={Link} to={organizationPath(payout.organizationId, 'payouts')} size="sm">
            Set up payouts
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** What the organizer owes (due payments waiting) and, for one organization they manage, its payouts. */
export function MoneyCards({ data }: { data: OrganizerDashboard }) {
  return (
    <div className={classes.pair}>
      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-labelledby="owed-heading"
        data-testid="owed-card"
      >
        <Stack gap={4}>
          <Title order={2} fz="md" id="owed-heading">
            Amount owed
          </Title>
          {data.dues.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing owed
            </Text>
          ) : (
            data.dues.map((due) => (
              <Text key={due.currency} fz={20} fw={700}>
                {formatMoney(due.amount, due.currency)}
              </Text>
            ))
          )}
          <Text size="xs" c="dimmed">
            Due payments for refunds that are waiting to be paid
          </Text>
        </Stack>
      </Paper>
      {data.payout && <PayoutCard payout={data.payout} />}
    </div>
  );
}
