import { Badge, Group, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { CONSOLE_ROLE_LABELS, consoleRoleOf, fullNameOf, useSessionProfile } from '../../auth';
import { AccountSummary } from '../components/AccountSummary';

export function DashboardPage() {
  const profile = useSessionProfile();
  const role = consoleRoleOf(profile);
  return (
    <Stack gap="lg" maw={960}>
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
      <AccountSummary profile={profile} />
    </Stack>
  );
}
