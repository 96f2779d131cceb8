import { Badge, Group, Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AdminDashboard } from '../../admin-dashboard';
import { CONSOLE_ROLE_LABELS, consoleRoleOf, fullNameOf, useSessionProfile } from '../../auth';
import { CHECK_IN_PATHS } from '../../check-in/paths';
import { AccountSummary } from '../components/AccountSummary';

export function DashboardPage() {
  const profile = useSessionProfile();
  const role = consoleRoleOf(profile);
  // Door check-in is all a scanner-only member does: the console opens there (after sign-in too).
  if (role === 'SCANNER') return <Navigate to={CHECK_IN_PATHS.checkIn} replace />;
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
      {role === 'ADMINISTRATOR' && <AdminDashboard />}
    </Stack>
  );
}
