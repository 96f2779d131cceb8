import { Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { NonProfitRequestItem } from '@marquee/contract';
import { IconExternalLink, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { formatCompactDateTime, formatDate } from '../../../lib/dates';
import { useNonProfitRequests } from '../api/get-non-profit-request-list';
import { Decision } from '../components/Decision';
import { DecisionButtons } from '../components/DecisionButtons';
import { DetailList } from '../components/DetailList';
import { RejectModal, type RejectTarget } from '../components/RejectModal';
import { APPROVAL_STATUS_FILTER, emptyQueueMessage } from '../components/status-filter';

function DocumentLink({ item }: { item: NonProfitRequestItem }) {
  return (
    <Anchor
      href={item.documentUrl}
      target="_blank"
      rel="noreferrer"
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
      aria-label={`View document of ${item.legalName} (opens in a new tab)`}
    >
      <Group gap={4} wrap="nowrap" component="span">
        View document
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

const organizationsText = (r: NonProfitRequestItem) =>
  r.organizations.length ? r.organizations.join(', ') : 'No organization yet';

export function NonProfitRequestsPage() {
  const list = useListParams(['status'] as const);
  const query = useNonProfitRequests(list.query);
  const binding = tableBinding(list, query);
  // The drawer takes the whole width of a phone.
  const phone = useMediaQuery('(max-width: 30em)');
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = query.data?.items.find((r) => r._id === openId) ?? null;
  const target = (r: NonProfitRequestItem): RejectTarget => ({ userId: r._id, name: r.user.name });

  return (
    <>
      <Stack gap="lg">
        <PageHeader
          title="Non-profit requests"
          description="Organizers who asked for the non-profit exemption. Approved: no service fee on their new sales."
        />
        <DataTable<NonProfitRequestItem>
          {...binding}
          // A status is the queue being looked at, not a narrowing filter: its own empty message.
          emptyMessage={
            list.search ? binding.emptyMessage : emptyQueueMessage(list.filters.status, 'non-profit requests')
          }
          label="Non-profit requests"
          rowKey={(r) => r._id}
          minWidth={1040}
          searchPlaceholder="Search by name, email or legal name"
          toolbar={
            <ListFilter
              list={list}
              name="status"
              label="Filter by status"
              data={APPROVAL_STATUS_FILTER}
              w={150}
            />
          }
          columns={[
            {
              key: 'name',
              title: 'Requester',
              sortable: true,
              card: 'title',
              render: (r) => (
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {r.user.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.user.email}
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'legalName',
              title: 'Legal name',
              render: (r) => (
                <Stack gap={0}>
                  <Text size="sm">{r.legalName}</Text>
                  <Text size="xs" c="dimmed">
                    No. {r.registrationNumber}
                  </Text>
                </Stack>
              ),
            },
            { key: 'organizations', title: 'Organizations', render: organizationsText },
            { key: 'document', title: 'Document', render: (r) => <DocumentLink item={r} /> },
            {
              key: 'submittedAt',
              title: 'Submitted',
              sortable: true,
              render: (r) => formatDate(r.submittedAt),
            },
            {
              key: 'status',
              title: 'Status',
              render: (r) => (
                <Decision
                  status={r.status}
                  decidedAt={r.decidedAt}
                  decidedBy={r.decidedBy}
                  decisionReason={r.decisionReason}
                />
              ),
            },
            {
              key: 'actions',
              title: 'Actions',
              render: (r) => (
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconEye size={14} />}
                    aria-label={`Review ${r.user.name}`}
                    onClick={() => setOpenId(r._id)}
                  >
                    Review
                  </Button>
                  {r.status === 'PENDING' && (
                    <DecisionButtons kind="NON_PROFIT" target={target(r)} onReject={setRejecting} />
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      <Drawer
        opened={open !== null}
        onClose={() => setOpenId(null)}
        position="right"
        title={open ? `Non-profit request: ${open.user.name}` : ''}
        size={phone ? '100%' : 'md'}
      >
        {open && (
          <Stack gap="lg">
            <DetailList
              items={[
                { label: 'Name', value: open.user.name },
                { label: 'Email', value: open.user.email },
                { label: 'Username', value: open.user.username },
                { label: 'Phone', value: open.user.phone ?? '—' },
                { label: 'Organizations', value: organizationsText(open) },
                { label: 'Legal name', value: open.legalName },
                { label: 'Registration number', value: open.registrationNumber },
                { label: 'Document', value: <DocumentLink item={open} /> },
                { label: 'Submitted', value: formatCompactDateTime(open.submittedAt) },
                {
                  label: 'Status',
                  value: (
                    <Decision
                      status={open.status}
                      decidedAt={open.decidedAt}
                      decidedBy={open.decidedBy}
                      decisionReason={open.decisionReason}
                    />
                  ),
                },
              ]}
            />
            {open.status === 'PENDING' && (
              <DecisionButtons
                kind="NON_PROFIT"
                size="sm"
                target={target(open)}
                onReject={(t) => {
                  setOpenId(null);
                  setRejecting(t);
                }}
                onDecided={() => setOpenId(null)}
              />
            )}
          </Stack>
        )}
      </Drawer>
      <RejectModal kind="NON_PROFIT" target={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
