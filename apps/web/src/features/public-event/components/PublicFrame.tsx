import { Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../../components/Brand';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/SkipLink';

/** The public pages' own frame: the brand and the page, none of the console's navigation. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <title>{`${title} · Marquee`}</title>
      {/* Printed tickets carry the tickets only: no header, buttons or grey page. */}
      <style>{PRINT_CSS}</style>
      <SkipLink />
      <Box
        component="header"
        className="no-print"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" px={0}>
          <Group justify="space-between">
            <Brand />
            <Text size="sm" c="dimmed" visibleFrom="xs">
              Tickets
            </Text>
          </Group>
        </Container>
      </Box>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        bg="var(--mantine-color-gray-0)"
        mih="calc(100dvh - 61px)"
        style={{ outline: 'none' }}
      >
        <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
          {children}
        </Container>
      </Box>
    </>
  );
}

const PRINT_CSS = `@media print {
  .no-print { display: none !important; }
  main { background: #fff !important; }
}`;
