import { Text } from '@mantine/core';

/** Replaced by the platform figures (issue 13, administrators' dashboard). */
export function AdminDashboard() {
  return <Text c="dimmed">Platform figures are being built.</Text>;
}
