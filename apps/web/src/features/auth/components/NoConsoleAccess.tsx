import { Alert, Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrganizerRequest, UserProfile } from '@marquee/contract';
import { IconLock, IconLogout } from '@tabler/icons-react';
import { Brand } from '../../../components/Brand';
import { fullNameOf, ORGANIZER_REQUEST_LABELS } from '../session/console-role';
import { useLogout } from '../session/logout';
import { OrganizerRequestForm } from './OrganizerRequestForm';

const REQUEST_EXPLANATIONS: Record<OrganizerRequest, string> = {
  NONE: 'You have not asked to become an organizer yet. Tell us about your organization below.',
  PENDING: 'Your request to become an organizer is waiting for review by an administrator.',
  REJECTED:
    'Your request to become an organizer was not approved. You can send a new request with more details below.',
  APPROVED: 'Your organizer request is approved. Sign out and sign in again to open the console.',
};

const REQUEST_COLORS: Record<OrganizerRequest, string> = {
  NONE: 'gray',
  PENDING: 'yellow',
  REJECTED: 'red',
  APPROVED: 'teal',
};

/** Shown instead of the admin area to a signed-in buyer who is not an organizer, member or administrator. */
export function NoConsoleAccess({ profile }: { profile: UserProfile }) {
  const logout = useLogout();
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <title>No console access · Marquee</title>
      <Stack maw={520} w="100%" gap="lg" align="center">
        <Brand size="lg" />
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }} w="100%">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <IconLock size={28} stroke={1.5} aria-hidden />
              <Title order={2}>No console access</Title>
            </Group>
            <Text>
              {fullNameOf(profile)}, your account ({profile.email}) has no access to the Marquee console. The
              console is for organizers, their organization members and administrators.
            </Text>
            <Alert color={REQUEST_COLORS[profile.organizerRequest]} variant="light" title="Organizer request">
              <Stack gap={6} align="flex-start">
                <Badge
                  color={REQUEST_COLORS[profile.organizerRequest]}
                  data-testid="organizer-request-status"
                >
                  {ORGANIZER_REQUEST_LABELS[profile.organizerRequest]}
                </Badge>
                <Text size="sm">{REQUEST_EXPLANATIONS[profile.organizerRequest]}</Text>
              </Stack>
            </Alert>
            {(profile.organizerRequest === 'NONE' || profile.organizerRequest === 'REJECTED') && (
              <OrganizerRequestForm />
            )}
            <Button leftSection={<IconLogout size={18} />} variant="default" onClick={() => logout()}>
              Logout
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
