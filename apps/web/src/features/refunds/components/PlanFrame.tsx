import { Alert, Button, Stack, Text } from '@mantine/core';
import { type EventRefundPlan, REFUND_MESSAGES } from '@marquee/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { eventDetailsPath } from '../../events/paths';
import { eventOrdersPath } from '../../orders/paths';
import { eventRefundPlanQuery } from '../api/issue-event-refund';
import { RefundProgress } from './RefundProgress';

/** `?refundServiceFee=true|false`; absent = the organization's setting. */
export function useFeeChoice(): [boolean | undefined, (value: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('refundServiceFee');
  const value = raw === 'true' ? true : raw === 'false' ? false : undefined;
  return [value, (next) => setParams({ refundServiceFee: String(next) }, { replace: true })];
}

/**
 * What both cancellation refund screens share: the plan's loading, not-found and error states, the
 * header, and the cases with nothing to confirm (the job already started, the event not cancelled, no
 * paid orders). `children` renders the plan otherwise.
 */
export function PlanFrame({
  title,
  started = false,
  children,
}: {
  title: string;
  /** Confirmed on this screen: show the progress even before the plan is read again. */
  started?: boolean;
  children: (plan: EventRefundPlan, refreshing: boolean) => ReactNode;
}) {
  const { eventId = '' } = useParams();
  const [fee] = useFeeChoice();
  const plan = useQuery(eventRefundPlanQuery(eventId, fee));
  const back = { to: eventOrdersPath(eventId), label: "the event's orders" };

  if (plan.isPending) return <PageLoader label="Loading the refund plan" />;
  if (plan.error instanceof HttpError && [400, 404].includes(plan.error.status) && !plan.data)
    return <NotFoundMessage />;
  if (!plan.data) {
    return (
      <Stack gap="lg">
        <PageHeader title={title} back={back} />
        <ListError label="Refund plan" error={plan.error} onRetry={() => void plan.refetch()} />
      </Stack>
    );
  }
  const data = plan.data;
  let body: ReactNode;
  if (started || data.job) {
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Every paid order of this event is refunded in the background; you can leave this page and come back.
        </Text>
        <RefundProgress eventId={eventId} />
      </Stack>
    );
  } else if (data.event.status !== 'CANCELLED') {
    body = (
      <Alert
        color="yellow"
        icon={<IconInfoCircle size={18} aria-hidden />}
        title="The event is not cancelled"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{`${REFUND_MESSAGES.eventNotCancelled} Cancel it from its details (More actions).`}</Text>
          <Button component={Link} to={eventDetailsPath(eventId)} variant="default">
            Open the event
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data.bookings === 0) {
    body = (
      <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />} title="No paid orders to refund">
        <Text size="sm">This event has no paid orders left to refund.</Text>
      </Alert>
    );
  } else {
    body = children(data, plan.isFetching);
  }
  return (
    <Stack gap="lg">
      <PageHeader title={title} back={back} description={data.event.title} />
      {plan.isError && (
        <ListError label="Refund plan" error={plan.error} onRetry={() => void plan.refetch()} />
      )}
      {body}
    </Stack>
  );
}
