import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { StatusPage } from '../../../components/StatusPage';
import { HttpError } from '../../../lib/http';
import { PublicFrame } from './PublicFrame';

export const isNotFound = (error: unknown) =>
  error instanceof HttpError && error.kind === 'response' && (error.status === 404 || error.status === 400);

/** A link to nothing: an unknown or mistyped address, an unpublished, private-only or blocked event. */
export function PublicNotFound({ what }: { what: 'event' | 'booking' }) {
  return (
    <StatusPage
      code="404"
      title={what === 'event' ? 'Event not found' : 'Booking not found'}
      description={
        what === 'event'
          ? 'This event does not exist, is no longer available, or the link is mistyped. Check the link you were sent.'
          : 'This booking link is not valid. Open the link in your confirmation email again.'
      }
      action={null}
    />
  );
}

/** A read that failed for a reason other than "not there": say why, and let the buyer try again. */
export function PublicLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const reason = error instanceof Error ? error.message : undefined;
  return (
    <PublicFrame title={title}>
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={`${title} could not be loaded`}
        maw={640}
        mx="auto"
      >
        <Group justify="space-between" gap="sm">
          {reason && <Text size="sm">{reason}</Text>}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            Retry
          </Button>
        </Group>
      </Alert>
    </PublicFrame>
  );
}

export function PublicSkeleton({ title }: { title: string }) {
  return (
    <PublicFrame title={title}>
      <Stack gap="md" aria-busy="true" aria-label="Loading" data-testid="public-skeleton">
        <Skeleton h={{ base: 180, sm: 320 }} radius="md" />
        <Skeleton h={32} w="60%" />
        <Skeleton h={18} w="40%" />
        <Skeleton h={120} />
      </Stack>
    </PublicFrame>
  );
}
