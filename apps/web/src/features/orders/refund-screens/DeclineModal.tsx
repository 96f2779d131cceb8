import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { CONFIRM_LABELS } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDeclineRefundRequest } from '../api/decline-booking-refund-request';
import { useDeclineRefundTickets } from '../api/decline-refund-request';
import { declineReasonsQuery } from '../api/get-reason-list';

/**
 * Declining a buyer's request (chosen tickets, or all of it without `ticketIds`): a reason from the
 * REFUND_DECLINE list is required, a note is optional; the buyer is emailed both.
 */
export function DeclineModal({
  requestId,
  ticketIds,
  opened,
  onClose,
}: {
  requestId: string;
  ticketIds?: string[];
  opened: boolean;
  onClose: () => void;
}) {
  const reasons = useQuery({ ...declineReasonsQuery(), enabled: opened });
  const declineTickets = useDeclineRefundTickets();
  const declineRequest = useDeclineRefundRequest();
  const decline = ticketIds ? declineTickets : declineRequest;
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  function close() {
    setReasonId(null);
    setNote('');
    setError(null);
    onClose();
  }
  function submit() {
    if (!reasonId) {
      setError('Choose a reason for declining');
      return;
    }
    const body = { requestId, reasonId, ...(note.trim() ? { note: note.trim() } : {}) };
    // The whole request, or only the chosen tickets of it.
    if (ticketIds) declineTickets.mutate({ ...body, ticketIds }, { onSuccess: close });
    else declineRequest.mutate(body, { onSuccess: close });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      title={
        ticketIds
          ? `Decline ${ticketIds.length} ticket${ticketIds.length === 1 ? '' : 's'}`
          : 'Decline the whole request'
      }
    >
      <Stack gap="md">
        <Text size="sm">The buyer is emailed the reason and your note.</Text>
        <Select
          label="Reason"
          placeholder={reasons.isPending ? 'Loading reasons…' : 'Choose a reason'}
          data={(reasons.data ?? []).map((r) => ({ value: r._id, label: r.text }))}
          value={reasonId}
          onChange={(value) => {
            setReasonId(value);
            setError(null);
          }}
          error={error ?? (reasons.error ? reasons.error.message : undefined)}
          required
          data-autofocus
        />
        <Textarea
          label="Note to the buyer"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {CONFIRM_LABELS.cancel}
          </Button>
          <Button color="red" onClick={submit} loading={decline.isPending}>
            {CONFIRM_LABELS.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
