import { Alert, Button, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DashboardPeriod } from '@marquee/contract';
import { IconArrowRight, IconChecks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListError } from '../../../components/ListError';
import { formatDate } from '../../../lib/dates';
import { HttpError } from '../../../lib/http';
import { formatMoney } from '../../../lib/money';
import { APPROVAL_PATHS } from '../../approvals/paths';
import { useAdminDashboard } from '../api/dashboard';
import classes from './admin-dashboard.module.css';
import { GrossSalesChart, SignUpsAndOrdersChart } from './Charts';
import { FigureCard } from './FigureCard';
import { PERIOD_OPTIONS, usePeriodParams } from './period';

function dayLabel(day: string) {
  return formatDate(`${day}T12:00:00Z`, 'UTC');
}

/** Platform figures for administrators: the period, figure cards, charts and the queues that need action. */
export function AdminDashboard() {
  const params = usePeriodParams();
  const query = useAdminDashboard(params.query);
  const data = query.data;
  const fieldError = (field: string) =>
    query.error instanceof HttpError
      ? query.error.errors?.find((e) => e.field === field)?.message
      : undefined;

  return (
    <Stack gap="lg" data-testid="admin-dashboard">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Period"
          data={PERIOD_OPTIONS}
          value={params.period}
          allowDeselect={false}
          onChange={(value) => value && params.set({ period: value as DashboardPeriod })}
          className={`${classes.filter} ${classes.periodFilter}`}
        />
        {params.period === 'CUSTOM' && (
          <>
            <TextInput
              type="date"
              label="From"
              value={params.from}
              max={params.to || undefined}
              onChange={(e) => params.set({ period: 'CUSTOM', from: e.currentTarget.value })}
              error={fieldError('from')}
              className={`${classes.filter} ${classes.dayFilter}`}
            />
            <TextInput
              type="date"
              label="To"
              value={params.to}
              min={params.from || undefined}
              onChange={(e) => params.set({ period: 'CUSTOM', to: e.currentTarget.value })}
              error={fieldError('to')}
              className={`${classes.filter} ${classes.dayFilter}`}
            />
          </>
        )}
        {data && (
          <Text size="sm" c="dimmed" pb={8} data-testid="dashboard-range">
            {dayLabel(data.range.from)}
            {data.range.to !== data.range.from ? ` – ${dayLabel(data.range.to)}` : ''} ({data.timeZone}),
            compared with {dayLabel(data.previousRange.from)}
            {data.previousRange.to !== data.previousRange.from ? ` – ${dayLabel(data.previousRange.to)}` : ''}
          </Text>
        )}
      </Group>

      {params.period === 'CUSTOM' && (!params.from || !params.to) && (
        <Text size="sm" c="dimmed">
          Choose the first and the last day of the period.
        </Text>
      )}

      {query.error && !data && (
        <ListError label="The platform figures" error={query.error} onRetry={() => void query.refetch()} />
      )}

      {query.isPending && query.fetchStatus !== 'idle' && (
        <div className={classes.cards} data-testid="admin-dashboard-loading" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={i} h={104} radius="md" />
          ))}
        </div>
      )}

      {data && (
        <>
          {data.pendingOrganizerRequests > 0 || data.pendingNonProfitRequests > 0 ? (
            <Alert
              color="indigo"
              variant="light"
              title="Waiting for your review"
              icon={<IconChecks size={18} aria-hidden />}
            >
              <Group gap="sm" wrap="wrap">
                {data.pendingOrganizerRequests > 0 && (
                  <Button
                    component={Link}
                    to={APPROVAL_PATHS.organizerRequests}
                    size="sm"
                    rightSection={<IconArrowRight size={14} aria-hidden />}
                  >
                    Review organizer requests ({data.pendingOrganizerRequests})
                  </Button>
                )}
                {data.pendingNonProfitRequests > 0 && (
                  <Button
                    component={Link}
                    to={APPROVAL_PATHS.nonProfitRequests}
                    size="sm"
                    variant="light"
                    rightSection={<IconArrowRight size={14} aria-hidden />}
                  >
                    Review non-profit requests ({data.pendingNonProfitRequests})
                  </Button>
                )}
              </Group>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              No organizer or non-profit requests are waiting for review.
            </Text>
          )}

          <section aria-labelledby="platform-figures">
            <Title order={2} size="h4" id="platform-figures" mb="sm">
              Platform
            </Title>
            <div className={classes.cards}>
              <FigureCard label="Users" value={data.users.total} testId="figure-users" />
              <FigureCard
                label="New sign-ups"
                value={data.users.newInPeriod.value}
                trend={data.users.newInPeriod}
                testId="figure-sign-ups"
              />
              <FigureCard
                label="Approved organizers"
                value={data.approvedOrganizers}
                testId="figure-organizers"
              />
              <FigureCard
                label="Pending organizer requests"
                value={data.pendingOrganizerRequests}
                testId="figure-pending-organizers"
              />
              <FigureCard
                label="Pending non-profit requests"
                value={data.pendingNonProfitRequests}
                testId="figure-pending-non-profit"
              />
              <FigureCard label="Live events" value={data.liveEvents} testId="figure-live-events" />
              <FigureCard
                label="Orders"
                value={data.orders.value}
                trend={data.orders}
                testId="figure-orders"
              />
              <FigureCard label="Blocked users" value={data.blockedUsers} testId="figure-blocked-users" />
              <FigureCard label="Blocked events" value={data.blockedEvents} testId="figure-blocked-events" />
            </div>
          </section>

          {data.currencies.length === 0 ? (
            <Text size="sm" c="dimmed">
              No sales or refunds in this period or the one before.
            </Text>
          ) : (
            data.currencies.map((c) => {
              const money = (n: number) => formatMoney(n, c.currency);
              return (
                <section
                  key={c.currency}
                  aria-labelledby={`money-${c.currency}`}
                  data-testid={`money-${c.currency}`}
                >
                  <Title order={2} size="h4" id={`money-${c.currency}`} mb="sm">
                    Sales in {c.currency}
                  </Title>
                  <div className={classes.money}>
                    <FigureCard
                      label="Gross sales"
                      value={c.grossSales.value}
                      trend={c.grossSales}
                      format={money}
                    />
                    <FigureCard
                      label="Fees earned"
                      value={c.feesEarned.value}
                      trend={c.feesEarned}
                      format={money}
                    />
                    <FigureCard label="Refunds" value={c.refunds.value} trend={c.refunds} format={money} />
                  </div>
                </section>
              );
            })
          )}

          <div className={classes.charts}>
            <SignUpsAndOrdersChart data={data} />
            <GrossSalesChart data={data} />
          </div>
        </>
      )}
    </Stack>
  );
}
