import { Badge, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { PageHeader } from '../../../components/PageHeader';
import { HttpError } from '../../../lib/http';
import { AdminDashboard } from '../../admin-dashboard';
import { CONSOLE_ROLE_LABELS, consoleRoleOf, fullNameOf, useMayAccess, useSessionProfile } from '../../auth';
import { dashboardQuery } from '../api/organizer-dashboard';
import { DashboardCharts } from '../components/DashboardCharts';
import { type DashboardChoice, DashboardFilters } from '../components/DashboardFilters';
import { FigureCards } from '../components/FigureCards';
import { MoneyCards } from '../components/MoneyCards';
import { UpcomingEvents } from '../components/UpcomingEvents';
import { previousLabel } from '../format';

const periodOf = (value: string | null): DashboardPeriod =>
  DASHBOARD_PERIODS.find((p) => p === value) ?? 'LAST_30_DAYS';

/** The dashboard's choices live in the URL: `?organizationId=&period=&from=&to=`. */
function useDashboardChoice() {
  const [params, setParams] = useSearchParams();
  const choice: DashboardChoice = {
    organizationId: params.get('organizationId') ?? '',
    period: periodOf(params.get('period')),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const update = (next: Partial<DashboardChoice>) => {
    const merged = { ...choice, ...next };
    const search: Record<string, string> = {};
    if (merged.organizationId) search.organizationId = merged.organizationId;
    if (merged.period !== 'LAST_30_DAYS') search.period = merged.period;
    if (merged.period === 'CUSTOM') {
      if (merged.from) search.from = merged.from;
      if (merged.to) search.to = merged.to;
    }
    setParams(search, { replace: true });
  };
  return { choice, update };
}

function DashboardSkeleton() {
  return (
    <Stack gap="md" data-testid="dashboard-loading" aria-busy>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton h={280} radius="md" />
        <Skeleton h={280} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/** The organizer's view: figures, what is owed and payouts, charts and the next events. */
function OrganizerDashboardView() {
  const { choice, update } = useDashboardChoice();
  const custom = choice.period === 'CUSTOM';
  const ready = !custom || (choice.from !== '' && choice.to !== '');
  const query = useQuery({
    ...dashboardQuery({
      organizationId: choice.organizationId || undefined,
      period: choice.period,
      from: custom ? choice.from || undefined : undefined,
      to: custom ? choice.to || undefined : undefined,
    }),
    enabled: ready,
  });
  const fieldErrors = Object.fromEntries(
    (query.error instanceof HttpError ? (query.error.errors ?? []) : []).map((e) => [e.field, e.message]),
  );
  const data = query.data;
  const againstText = data ? previousLabel(choice.period, data.period.from, data.period.to) : '';

  return (
    <Stack gap="lg">
      <DashboardFilters choice={choice} onChange={update} fieldErrors={fieldErrors} />
      {!ready ? null : query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <ListError label="The dashboard" error={query.error} onRetry={() => query.refetch()} />
      ) : data ? (
        <Stack gap="lg" data-testid="dashboard-figures" aria-busy={query.isFetching}>
          <FigureCards data={data} against={againstText} />
          <MoneyCards data={data} />
          <DashboardCharts data={data} />
        </Stack>
      ) : null}
      <UpcomingEvents organizationId={choice.organizationId || undefined} />
    </Stack>
  );
}

export function DashboardPage() {
  const profile = useSessionProfile();
  const role = consoleRoleOf(profile);
  const isAdmin = useMayAccess('admin');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description={
          <Group gap="xs" component="span">
            <span>Welcome, {fullNameOf(profile)}</span>
            {role && (
              <Badge variant="light" data-testid="dashboard-role">
                {CONSOLE_ROLE_LABELS[role]}
              </Badge>
            )}
          </Group>
        }
      />
      {/* Administrators see the platform's dashboard; organizers and members their own. */}
      {isAdmin ? <AdminDashboard /> : <OrganizerDashboardView />}
    </Stack>
  );
}
