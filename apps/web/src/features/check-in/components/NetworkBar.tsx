import { Badge, Button, Group, Text } from '@mantine/core';
import { formatTime } from '@marquee/time';
import {
  IconAlertTriangle,
  IconCloudCheck,
  IconCloudOff,
  IconRefresh,
  IconWifi,
  IconWifiOff,
} from '@tabler/icons-react';
import type { DoorScanner } from '../door';

/**
 * The door's connection at a glance: online or not, scans waiting to sync, the last sync, and why the
 * server turned the last sync down (the scans then wait until someone sees to it).
 */
export function NetworkBar({ door, zone }: { door: DoorScanner; zone: string }) {
  return (
    <Group
      gap="sm"
      wrap="wrap"
      px="sm"
      py={6}
      bg={door.online ? 'var(--mantine-color-gray-0)' : 'var(--mantine-color-red-0)'}
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Badge
        size="lg"
        color={door.online ? 'teal' : 'red'}
        variant={door.online ? 'light' : 'filled'}
        tt="none"
        leftSection={door.online ? <IconWifi size={14} aria-hidden /> : <IconWifiOff size={14} aria-hidden />}
        data-testid="network-state"
      >
        {door.online ? 'Online' : 'Offline'}
      </Badge>
      <Text size="sm" fw={600} data-testid="sync-queue">
        {door.queued > 0 ? `${door.queued} waiting to sync` : 'All synced'}
      </Text>
      {door.lastSyncAt && (
        <Text size="sm" c="dimmed" data-testid="last-sync">
          {`Last sync ${formatTime(door.lastSyncAt, zone)}`}
        </Text>
      )}
      {door.offlineReady && (
        <Text size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <IconCloudCheck size={16} aria-hidden />
          Ready offline
        </Text>
      )}
      {!door.offlineCapable && (
        <Text
          size="sm"
          data-testid="online-only"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconCloudOff size={16} aria-hidden />
          Online only: offline scanning needs an https address
        </Text>
      )}
      {door.queued > 0 && door.syncError && (
        <Text
          size="sm"
          c="red.9"
          fw={600}
          data-testid="sync-error"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconAlertTriangle size={16} aria-hidden />
          {`Not synced: ${door.syncError}`}
        </Text>
      )}
      {door.queued > 0 && door.online && (
        <Button
          size="sm"
          h={44}
          variant="subtle"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={door.syncing}
          onClick={() => void door.syncNow()}
        >
          Sync now
        </Button>
      )}
    </Group>
  );
}
