import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserProfile } from '@marquee/contract';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';
import { ORGANIZER_REQUEST_LABELS } from '../../auth';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The signed-in account as the server knows it. */
export function AccountSummary({ profile }: { profile: UserProfile }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="md">
        Your account
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
        <Fact label="Email">{profile.email}</Fact>
        <Fact label="Username">{profile.username}</Fact>
        <Fact label="Phone">
          {profile.phone ? (
            <Group gap={6}>
              {profile.phone}
              <Badge size="xs" variant="light" color={profile.phoneVerified ? 'teal' : 'gray'}>
                {profile.phoneVerified ? 'Verified' : 'Not verified'}
              </Badge>
            </Group>
          ) : (
            'Not added'
          )}
        </Fact>
        <Fact label="Organizer request">{ORGANIZER_REQUEST_LABELS[profile.organizerRequest]}</Fact>
        <Fact label="Member since">{formatDate(profile.createdAt)}</Fact>
      </SimpleGrid>
    </Paper>
  );
}
