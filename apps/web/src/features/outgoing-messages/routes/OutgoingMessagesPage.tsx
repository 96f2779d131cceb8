import { Stack } from '@mantine/core';
import type { OutgoingMessageItem } from '@marquee/contract';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { useOutgoingMessageList } from '../api/get-outgoing-message-list';
import { useRetryOutgoingMessage } from '../api/retry-outgoing-message';
import { KIND_OPTIONS, kindLabel, STATUS_OPTIONS } from '../components/labels';
import { messageColumns } from '../components/message-columns';

const FILTERS = ['status', 'kind'] as const;

/**
 * `/outgoing-messages`: every email and SMS the platform enqueued (docs/operations.md, "Outgoing
 * messages"), so an administrator sees what did not go out and sends it again.
 */
export function OutgoingMessagesPage() {
  const list = useListParams(FILTERS);
  const query = useOutgoingMessageList(list.query);
  const retry = useRetryOutgoingMessage();

  const confirmRetry = (m: OutgoingMessageItem) =>
    void openConfirmAction({
      title: 'Send this message again?',
      message: `The ${kindLabel(m.kind).toLowerCase()} to ${m.recipient} is sent again within seconds, with its attempts starting over.`,
      onConfirm: () => retry.mutateAsync({ messageId: m._id }),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Outgoing messages"
        description="Every email and SMS the platform sends: see what is waiting or failed, and send it again."
      />
      <DataTable<OutgoingMessageItem>
        label="Outgoing messages"
        minWidth={960}
        {...tableBinding(list, query, 'No messages yet.')}
        rowKey={(m) => m._id}
        searchPlaceholder="Recipient"
        toolbar={
          <>
            <ListFilter list={list} name="status" label="Status" data={STATUS_OPTIONS} w={150} />
            <ListFilter list={list} name="kind" label="Kind" data={KIND_OPTIONS} w={230} />
          </>
        }
        columns={messageColumns(confirmRetry)}
      />
    </Stack>
  );
}
