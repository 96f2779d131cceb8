import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import type { CatalogRequest } from '@marquee/contract';
import { useState } from 'react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { DataTable } from '../../../components/DataTable';
import { tableBinding, useListParams } from '../../../components/list-params';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../lib/dates';
import type { RequestQueue } from '../api/keys';
import { useReviewQueue } from '../api/review-queue';
import { useReviewRequest } from '../api/review-request';

const STATUS = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'ALL', label: 'All requests' },
];

/** Organizers' requests (categories and subcategories, or tags): approve with confirmation, reject with a reason. */
export function RequestsTable({ queue }: { queue: RequestQueue }) {
  const list = useListParams(['status'] as const);
  const status = list.filters.status ?? 'PENDING';
  const { status: _s, ...rest } = list.query as Record<string, unknown>;
  const query = useReviewQueue(queue, { ...rest, ...(status === 'ALL' ? {} : { status }) });
  const data = query.data;
  const review = useReviewRequest(queue);
  const [rejecting, setRejecting] = useState<CatalogRequest | null>(null);
  const [reason, setReason] = useState('');

  return (
    <>
      <DataTable<CatalogRequest>
        {...tableBinding(list, { data, isFetching: query.isFetching })}
        label="Requests"
        rowKey={(r) => r._id}
        searchPlaceholder="Search by name or email"
        emptyMessage={status === 'PENDING' ? 'No requests are waiting for review.' : 'No requests.'}
        toolbar={
          <Select
            aria-label="Filter by request status"
            data={STATUS}
            value={status}
            allowDeselect={false}
            onChange={(value) => list.set({ status: value === 'PENDING' ? undefined : (value ?? undefined) })}
            w={160}
          />
        }
        columns={[
          {
            key: 'name',
            title: 'Requested name',
            sortable: true,
            render: (r) => <Text fw={500}>{r.name}</Text>,
          },
          { key: 'kind', title: 'Kind', render: (r) => r.kind.charAt(0) + r.kind.slice(1).toLowerCase() },
          {
            key: 'by',
            title: 'Requested by',
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{r.requestedBy.name}</Text>
                <Text size="xs" c="dimmed">
                  {r.requestedBy.email}
                </Text>
              </Stack>
            ),
          },
          { key: 'note', title: 'Note', render: (r) => r.note ?? '—' },
          { key: 'createdAt', title: 'Requested', sortable: true, render: (r) => formatDate(r.createdAt) },
          {
            key: 'status',
            title: 'Status',
            render: (r) => (
              <Stack gap={2}>
                <StatusBadge status={r.status} />
                {r.rejectionReason && (
                  <Text size="xs" c="dimmed">
                    {r.rejectionReason}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'actions',
            title: 'Actions',
            render: (r) =>
              r.status === 'PENDING' ? (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    color="teal"
                    variant="light"
                    aria-label={`Approve ${r.name}`}
                    onClick={() =>
                      openConfirmAction({
                        title: 'Approve request',
                        message: `Create the ${r.kind.toLowerCase()} "${r.name}"?`,
                        onConfirm: () => review.mutateAsync({ requestId: r._id, status: 'APPROVED' }),
                      })
                    }
                  >
                    Approve
                  </Button>
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="subtle"
                    aria-label={`Reject ${r.name}`}
                    onClick={() => {
                      setReason('');
                      setRejecting(r);
                    }}
                  >
                    Reject
                  </Button>
                </Group>
              ) : null,
          },
        ]}
      />
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title="Reject request" centered>
        <Stack>
          <Text size="sm">
            Tell the organizer why "{rejecting?.name}" is not added. They see this reason.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={review.isPending}
              disabled={reason.trim().length === 0}
              onClick={async () => {
                if (!rejecting) return;
                await review
                  .mutateAsync({ requestId: rejecting._id, status: 'REJECTED', reason })
                  .then(() => setRejecting(null))
                  .catch(() => {});
              }}
            >
              Reject
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
