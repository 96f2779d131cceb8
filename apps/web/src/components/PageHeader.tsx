import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { setPageActionsSlot } from './page-actions';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** The page's primary action(s): top right on wide screens, under the title on phones. */
  actions?: ReactNode;
  /** Detail and form pages: the way back to the list or parent they belong to. */
  back?: { to: string; label: string };
}

/** The one header every console page starts with: back link, title, description, primary action. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <Stack gap={6} component="header" data-testid="page-header">
      <title>{`${title} · Marquee`}</title>
      {back && (
        <Anchor
          component={Link}
          to={back.to}
          size="sm"
          style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconArrowLeft size={14} aria-hidden />
          {`Back to ${back.label}`}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {/* Always rendered: a tab's own primary action is placed here through <PageAction>. */}
        <Group gap="xs" wrap="wrap" data-testid="page-actions" ref={setPageActionsSlot}>
          {actions}
        </Group>
      </Group>
    </Stack>
  );
}
