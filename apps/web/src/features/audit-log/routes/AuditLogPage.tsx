import { Center, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { ListError } from '../../../components/ListError';
import { useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { browserTimeZone } from '../../../lib/dates';
import { formatCount } from '../../../lib/intl';
import { useAuditLog } from '../api/get-audit-log-list';
import { AuditEntryItem } from '../components/AuditEntryItem';
import { AUDIT_FILTERS, AuditFilters } from '../components/AuditFilters';

/** `/audit-log`: every audited change, newest first, filtered by actor, entity, action and dates. */
export function AuditLogPage() {
  const list = useListParams(AUDIT_FILTERS, { limit: 20 });
  const query = useAuditLog(list.query);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Audit log"
        description={`Every administrator and organizer change, newest first. Times in ${browserTimeZone()}.`}
      />
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Audit log filters">
        <AuditFilters list={list} />
      </Group>
      {query.error ? (
        <ListError label="Audit log" error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Center py="xl" aria-busy>
          <Loader aria-label="Loading the audit log" />
        </Center>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {list.isFiltered
              ? 'No entries match these filters. Clear the filters to see everything.'
              : 'Nothing has been recorded yet.'}
          </Text>
        </Paper>
      ) : (
        <Stack gap="xs" aria-busy={query.isFetching} aria-label="Audit entries">
          <Text size="sm" c="dimmed">
            {`${formatCount(data.total)} entr${data.total === 1 ? 'y' : 'ies'}`}
          </Text>
          {data.items.map((entry) => (
            <AuditEntryItem key={entry._id} entry={entry} />
          ))}
          {pages > 1 && (
            <Group justify="center" mt="sm">
              <Pagination
                total={pages}
                value={list.page}
                onChange={(page) => list.set({ page })}
                aria-label="Audit log pages"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
