import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { HttpError } from '../lib/http';

/** A list whose call failed: what failed, why, and a way to try again (never "No results"). */
export function ListError({
  label,
  error,
  onRetry,
}: {
  label: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const reason = error instanceof HttpError || error instanceof Error ? error.message : undefined;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`${label} could not be loaded`}
      data-testid="list-error"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        {reason && <Text size="sm">{reason}</Text>}
        {onRetry && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
