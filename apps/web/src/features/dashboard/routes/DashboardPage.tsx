import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_ROLE_LABELS, consoleRoleOf, fullNameOf, useSessionProfile } from '../../auth';
import { AccountSummary } from '../components/AccountSummary';

export function DashboardPage() {
  const profile = useSessionProfile();
  const role = consoleRoleOf(profile);
  return (
    <Stack gap="lg" maw={960}>
      <title>Dashboard · Marquee</title>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Dashboard
        </Title>
        <Group gap="xs">
          <Text size="lg">Welcome, {fullNameOf(profile)}</Text>
          {role && (
            <Badge variant="light" size="lg" data-testid="dashboard-role">
              {CONSOLE_ROLE_LABELS[role]}
            </Badge>
          )}
        </Group>
      </Stack>
      <AccountSummary profile={profile} />
    </Stack>
  );
}
