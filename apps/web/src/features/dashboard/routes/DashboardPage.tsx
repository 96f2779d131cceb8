import { Badge, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { PageHeader } from '../../../components/PageHeader';
import { useAfterPaint } from '../../../lib/after-paint';
import { HttpError } from '../../../lib/http';
import { AdminDashboard } from '../../admin-dashboard';
import { CONSOLE_ROLE_LABELS, consoleRoleOf, fullNameOf, useMayAccess, useSessionProfile } from '../../auth';
import { choiceOf, type DashboardChoice, dashboardQuery, figuresQueryOf } from '../api/organizer-dashboard';
import { DashboardCharts } from '../components/DashboardCharts';
import { DashboardFilters } from '../components/DashboardFilters';
import classes from '../components/dashboard.module.css';
import { FigureCards } from '../components/FigureCards';
import { MoneyCards } from '../components/MoneyCards';
import { UpcomingEvents } from '../components/UpcomingEvents';
import { previousLabel } from '../format';

/** The dashboard's choices live in the URL: `?organizationId=&period=&from=&to=`. */
function useDashboardChoice() {
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params);
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

function ChartsSkeleton() {
  return (
    <div className={classes.charts}>
      <Skeleton h={280} radius="md" />
      <Skeleton h={280} radius="md" />
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="md" data-testid="dashboard-loading" aria-busy>
      <div className={classes.placeholders}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </div>
      <ChartsSkeleton />
    </Stack>
  );
}

/** The organizer's view: figures, what is owed and payouts, charts and the next events. */
function OrganizerDashboardView() {
  const { choice, update } = useDashboardChoice();
  const figuresQuery = figuresQueryOf(choice);
  const ready = figuresQuery !== null;
  const query = useQuery({ ...dashboardQuery(figuresQuery ?? {}), enabled: ready });
  // The figures first: the lists around them are asked for once the figures have come (or failed) and
  // are on screen, so their calls, code and renders do not hold up the screen's main content on a slow
  // phone (the figures may be there at the first render, asked for early: lib/early-call.ts).
  const figuresSettled = useAfterPaint(!ready || !query.isPending);
  const fieldErrors = Object.fromEntries(
    (query.error instanceof HttpError ? (query.error.errors ?? []) : []).map((e) => [e.field, e.message]),
  );
  const data = query.data;
  const againstText = data ? previousLabel(choice.period, data.period.from, data.period.to) : '';

  return (
    <Stack gap="lg">
      <DashboardFilters
        choice={choice}
        onChange={update}
        fieldErrors={fieldErrors}
        loadOrganizations={figuresSettled}
      />
      {!ready ? null : query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <ListError label="The dashboard" error={query.error} onRetry={() => query.refetch()} />
      ) : data ? (
        <Stack gap="lg" data-testid="dashboard-figures" aria-busy={query.isFetching}>
          <FigureCards data={data} against={againstText} />
          <MoneyCards data={data} />
          {/* The charts (their cards, tables and labels) render after the figures are on screen: in the
              same commit they held up the figures' first paint on a slow phone. */}
          {figuresSettled ? <DashboardCharts data={data} /> : <ChartsSkeleton />}
        </Stack>
      ) : null}
      <UpcomingEvents organizationId={choice.organizationId || undefined} enabled={figuresSettled} />
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
      {isAdmin ? (
        <Suspense fallback={<DashboardSkeleton />}>
          <AdminDashboard />
        </Suspense>
      ) : (
        <OrganizerDashboardView />
      )}
    </Stack>
  );
}
