import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { Organization } from '@marquee/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCreateDashboardLink } from '../api/create-dashboard-link';
import { useCreateOrganizerAccount } from '../api/create-organizer-account';
import { payoutStatusQuery } from '../api/get-payout-status';
import { BalanceSection } from './BalanceSection';
import { PAYOUT_STATUS_COLORS, PAYOUT_STATUS_LABELS } from './labels';

/**
 * The payouts tab: status refreshed from the provider each time it opens (and on the return from
 * onboarding), a button that starts or continues onboarding, and the provider's dashboard once set up.
 */
export function PayoutsTab({ organization }: { organization: Organization }) {
  const [params] = useSearchParams();
  const status = useQuery({ ...payoutStatusQuery(organization._id), refetchOnMount: 'always' });
  const start = useCreateOrganizerAccount();
  const dashboard = useCreateDashboardLink();
  const current = status.data?.status ?? organization.payoutStatus;
  const returned = params.get('onboarding');

  async function onboard() {
    const { result } = await start.mutateAsync({ organizationId: organization._id });
    window.location.assign(result.url);
  }
  async function openDashboard() {
    const { result } = await dashboard.mutateAsync({ organizationId: organization._id });
    window.location.assign(result.url);
  }

  return (
    <Stack gap="md" maw={640}>
      <Group gap="sm">
        <Text fw={500}>Payout status</Text>
        <Badge color={PAYOUT_STATUS_COLORS[current]} variant="light" size="lg" data-testid="payout-status">
          {PAYOUT_STATUS_LABELS[current]}
        </Badge>
        {status.isFetching && <Loader size="xs" aria-label="Refreshing" />}
      </Group>
      {returned === 'refresh' && current !== 'ACTIVE' && (
        <Alert color="yellow">The onboarding link expired. Continue onboarding to get a new one.</Alert>
      )}
      {returned === 'return' && current === 'PENDING' && (
        <Alert color="yellow">
          The payment provider has not confirmed the account yet. Continue onboarding if it asks for more.
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {current === 'ACTIVE'
          ? 'Ticket sales of this organization are paid out to its account.'
          : current === 'RESTRICTED'
            ? 'The payment provider needs more information before paying out.'
            : 'Set up a payout account so that ticket sales can be paid out to this organization.'}
      </Text>
      <Group gap="sm">
        {current !== 'ACTIVE' && (
          <Button onClick={() => void onboard().catch(() => {})} loading={start.isPending}>
            {current === 'NOT_STARTED' ? 'Set up payouts' : 'Continue onboarding'}
          </Button>
        )}
        {status.data?.hasAccount && (
          <Button
            variant="default"
            rightSection={<IconExternalLink size={16} />}
            onClick={() => void openDashboard().catch(() => {})}
            loading={dashboard.isPending}
          >
            Open payout dashboard
          </Button>
        )}
      </Group>
      <BalanceSection organizationId={organization._id} />
    </Stack>
  );
}
