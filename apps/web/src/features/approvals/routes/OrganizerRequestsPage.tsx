import { Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { OrganizerRequestItem } from '@marquee/contract';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { formatCompactDateTime, formatDate } from '../../../lib/dates';
import { useOrganizerRequests } from '../api/get-organizer-request-list';
import { Decision } from '../components/Decision';
import { DecisionButtons } from '../components/DecisionButtons';
import { DetailList } from '../components/DetailList';
import { RejectModal, type RejectTarget } from '../components/RejectModal';
import { APPROVAL_STATUS_FILTER, emptyQueueMessage } from '../components/status-filter';

function Website({ url }: { url: string | null }) {
  if (!url) return <>—</>;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
      {url.replace(/^https?:\/\//, '')}
    </Anchor>
  );
}

export function OrganizerRequestsPage() {
  const list = useListParams(['status'] as const);
  const query = useOrganizerRequests(list.query);
  const binding = tableBinding(list, query);
  // The drawer takes the whole width of a phone.
  const phone = useMediaQuery('(max-width: 30em)');
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = query.data?.items.find((r) => r._id === openId) ?? null;
  const target = (r: OrganizerRequestItem): RejectTarget => ({ userId: r._id, name: r.user.name });

  return (
    <>
      <Stack gap="lg">
        <PageHeader
          title="Organizer requests"
          description="People who asked to sell tickets on Marquee. Approving gives them the console; rejecting emails them your reason."
        />
        <DataTable<OrganizerRequestItem>
          {...binding}
          // A status is the queue being looked at, not a narrowing filter: its own empty message.
          emptyMessage={
            list.search ? binding.emptyMessage : emptyQueueMessage(list.filters.status, 'organizer requests')
          }
          label="Organizer requests"
          rowKey={(r) => r._id}
          minWidth={960}
          searchPlaceholder="Search by name, email or organization"
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
              key: 'organization',
              title: 'Organization',
              render: (r) => (
                <Stack gap={0}>
                  <Text size="sm">{r.organizationName}</Text>
                  <Website url={r.website} />
                </Stack>
              ),
            },
            { key: 'phone', title: 'Phone', render: (r) => r.phone },
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
                    <DecisionButtons kind="ORGANIZER" target={target(r)} onReject={setRejecting} />
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
        title={open ? `Organizer request: ${open.user.name}` : ''}
        size={phone ? '100%' : 'md'}
      >
        {open && (
          <Stack gap="lg">
            <DetailList
              items={[
                { label: 'Name', value: open.user.name },
                { label: 'Email', value: open.user.email },
                { label: 'Username', value: open.user.username },
                { label: 'Account phone', value: open.user.phone ?? '—' },
                { label: 'Member since', value: formatDate(open.user.createdAt) },
                { label: 'Organization', value: open.organizationName },
                { label: 'What they run', value: open.description },
                { label: 'Website', value: <Website url={open.website} /> },
                { label: 'Contact phone', value: open.phone },
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
                kind="ORGANIZER"
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
      <RejectModal kind="ORGANIZER" target={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
