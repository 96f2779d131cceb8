import { Anchor, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/Brand';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { PATHS } from '../paths';

/** Frame of the account area (login and, later, password recovery): one centered card. */
export function AccountLayout() {
  return (
    <>
      <SkipLink />
      <Center
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        mih="100dvh"
        p="md"
        bg="var(--mantine-color-gray-0)"
        style={{ outline: 'none' }}
      >
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
          <Group justify="center" gap="lg" h={24}>
            <Anchor component={Link} to={PATHS.terms} size="xs" c="dimmed">
              Terms of use
            </Anchor>
            <Anchor component={Link} to={PATHS.privacy} size="xs" c="dimmed">
              Privacy policy
            </Anchor>
          </Group>
        </Stack>
      </Center>
    </>
  );
}
