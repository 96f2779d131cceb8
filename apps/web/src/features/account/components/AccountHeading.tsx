import { Text, Title } from '@mantine/core';

export function AccountHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div>
      <title>{`${title} · Marquee`}</title>
      <Title order={2}>{title}</Title>
      {children && (
        <Text c="dimmed" size="sm" mt={4}>
          {children}
        </Text>
      )}
    </div>
  );
}
