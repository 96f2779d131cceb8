import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';

export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 38 : 30} radius="md" variant="filled" aria-hidden>
        <IconTicket size={size === 'lg' ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text component="span" fw={800} fz={size === 'lg' ? 26 : 20} lh={1}>
        Marquee
      </Text>
    </Group>
  );
}
