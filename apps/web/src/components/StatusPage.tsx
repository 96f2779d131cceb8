import { Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A short full-page message with one way out (not found, broken page). */
export function StatusPage({
  code,
  title,
  description,
  action,
}: {
  code?: string;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md">
      <title>{`${title} · Marquee`}</title>
      <Stack align="center" gap="md" maw={460} ta="center">
        {code && (
          <Text fw={800} fz={72} lh={1} c="gray.4" aria-hidden>
            {code}
          </Text>
        )}
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        {action}
      </Stack>
    </Center>
  );
}
