import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { AuditEntry } from '@marquee/contract';
import { IconArrowRight, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { humanizeEnum } from '../../../components/EnumBadge';
import { formatDateTimeSeconds } from '../../../lib/dates';
import { auditDiff, changedCount } from '../audit-diff';

/** The before/after of one entry: changed fields (old → new); unchanged ones behind "Show all fields". */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const rows = auditDiff(entry.before, entry.after);
  const [all, setAll] = useState(false);
  const unchanged = rows.length - changedCount(rows);
  const shown = all ? rows : rows.filter((r) => r.changed);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This entry records no field values.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No field changed.
        </Text>
      ) : (
        <Table layout="fixed" verticalSpacing={6} aria-label={`Changes of ${humanizeEnum(entry.action)}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th w={28} aria-label="to" />
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.key} data-changed={row.changed || undefined}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" ff="monospace">
                    {row.key}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" c={row.changed ? 'red.9' : undefined}>
                    {row.before}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <IconArrowRight size={14} aria-hidden />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" c={row.changed ? 'teal.9' : undefined} fw={row.changed ? 600 : undefined}>
                    {row.after}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {unchanged > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setAll(!all)}
          style={{ alignSelf: 'flex-start' }}
        >
          {all ? 'Show changed fields only' : `Show all fields (${unchanged} unchanged)`}
        </Button>
      )}
      {entry.requestId && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {`Request ${entry.requestId}`}
        </Text>
      )}
    </Stack>
  );
}

/** One entry of the log: when, who, what, on which entity; expands to its diff. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const changed = changedCount(auditDiff(entry.before, entry.after));
  return (
    <Paper withBorder radius="md" data-testid="audit-entry">
      <UnstyledButton
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={panelId}
        p="sm"
        w="100%"
        style={{ display: 'block' }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box pt={2}>
            {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          </Box>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {humanizeEnum(entry.action)}
              </Text>
              <Badge variant="light" color="gray" tt="none">
                {humanizeEnum(entry.entityType)}
              </Badge>
              {changed > 0 && (
                <Text size="xs" c="dimmed">
                  {`${changed} field${changed === 1 ? '' : 's'} changed`}
                </Text>
              )}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.actor ? `${entry.actor.name} (${entry.actor.email})` : 'System'}
              <Text span size="xs" c="dimmed">{` · ${humanizeEnum(entry.actorRole)}`}</Text>
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {`${formatDateTimeSeconds(entry.createdAt)} · ${entry.entityId}${entry.organization ? ` · ${entry.organization.name}` : ''}`}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={panelId}>
        <Box px="sm" pb="sm">
          {open && <AuditDiff entry={entry} />}
        </Box>
      </Collapse>
    </Paper>
  );
}
