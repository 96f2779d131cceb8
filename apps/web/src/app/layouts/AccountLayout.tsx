import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from '../../components/Brand';

/** Frame of the account area (login and, later, password recovery): one centered card. */
export function AccountLayout() {
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Stack align="center" gap={6}>
          <Brand size="lg" />
          <Text size="sm" c="dimmed">
            Organizer and admin console
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
          <Outlet />
        </Paper>
        <Box h={24} />
      </Stack>
    </Center>
  );
}
