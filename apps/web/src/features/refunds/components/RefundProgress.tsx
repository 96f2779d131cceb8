import { Alert, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { EventRefundJob } from '@marquee/contract';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ListError } from '../../../components/ListError';
import { formatMoney } from '../../../lib/money';
import { eventRefundProgressQuery, jobFinished } from '../api/get-event-refund-progress';

const STATUS_TEXT: Record<EventRefundJob['status'], string> = {
  WAITING_FOR_DUE: 'Waiting for the due payment to be confirmed',
  QUEUED: 'Queued, starting shortly',
  RUNNING: 'Refunding orders…',
  COMPLETED: 'Finished',
  FAILED: 'Stopped with errors',
};

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** The job's end, said plainly: everyone refunded, some still with the provider, or stopped. */
function EndState({ job }: { job: EventRefundJob }) {
  if (job.status === 'COMPLETED' && job.pending === 0 && job.failed === 0) {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} title="Refunds complete">
        <Text size="sm" data-testid="refund-job-done">
          {job.total === 1 ? 'The 1 order was refunded.' : `All ${job.total} orders refunded.`} Each buyer
          gets a cancellation email.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color={job.status === 'FAILED' || job.failed > 0 ? 'red' : 'yellow'}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={job.status === 'FAILED' ? 'The refunds stopped' : 'Refunds finished, some not confirmed yet'}
    >
      <Stack gap={4}>
        <Text size="sm" data-testid="refund-job-done">
          {`${job.done} of ${orders(job.total)} refunded.`}
          {job.pending > 0 &&
            ` ${orders(job.pending)} wait for the payment provider's confirmation and finish on their own.`}
          {job.failed > 0 && ` ${orders(job.failed)} could not be refunded.`}
        </Text>
        {job.lastError && <Text size="sm">{`Last error: ${job.lastError}`}</Text>}
      </Stack>
    </Alert>
  );
}

/**
 * The cancellation refund job's progress bar: read every second until the job has finished, then its
 * end state. The bar carries its own accessible name and value; the status line is a polite live region.
 */
export function RefundProgress({ eventId }: { eventId: string }) {
  const progress = useQuery(eventRefundProgressQuery(eventId));
  if (progress.isPending) return <Loader size="sm" aria-label="Loading the refund progress" role="status" />;
  if (progress.isError && !progress.data) {
    return (
      <ListError label="Refund progress" error={progress.error} onRetry={() => void progress.refetch()} />
    );
  }
  const job = progress.data;
  if (!job) {
    return (
      <Text size="sm" c="dimmed">
        The refunds of this event have not started yet.
      </Text>
    );
  }
  const money = (amount: number) => formatMoney(amount, job.currency);
  const percent = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100);
  const finished = jobFinished(job);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={640} data-testid="refund-progress">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Refund progress
        </Title>
        <Text fw={600} role="status" data-testid="refund-job-status">
          {STATUS_TEXT[job.status]}
        </Text>
        <Progress.Root size="xl" radius="md">
          <Progress.Section
            value={percent}
            color={job.status === 'FAILED' ? 'red' : job.failed > 0 ? 'orange' : 'teal'}
            animated={!finished}
            withAria={false}
            role="progressbar"
            aria-label="Orders refunded"
            aria-valuemin={0}
            aria-valuemax={job.total}
            aria-valuenow={job.done}
            aria-valuetext={`${job.done} of ${orders(job.total)} refunded`}
          />
        </Progress.Root>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text
            size="sm"
            data-testid="refund-job-count"
          >{`${job.done} of ${orders(job.total)} refunded`}</Text>
          <Text size="sm" data-testid="refund-job-amount">
            {`${money(job.refundedAmount)} of ${money(job.amount)}`}
          </Text>
        </Group>
        {(job.pending > 0 || job.failed > 0) && (
          <Text size="sm" c="dimmed">
            {[
              job.pending > 0 ? `${job.pending} pending with the payment provider` : null,
              job.failed > 0 ? `${job.failed} failed` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        {progress.isError && (
          <ListError label="Refund progress" error={progress.error} onRetry={() => void progress.refetch()} />
        )}
        {finished && <EndState job={job} />}
      </Stack>
    </Paper>
  );
}
