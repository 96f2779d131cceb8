import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONFIRM_LABELS, type ReasonKind } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { whenModalsReady } from '../../../../lib/modals';
import { reasonOptionsQuery } from '../../api/reasons';

export interface ReasonChoice {
  reasonId: string;
  note: string | null;
}

interface ReasonDialogProps {
  question: string;
  kind: ReasonKind;
  withNote?: boolean;
  /** Runs after Confirm; failures are toasted by the http helper. */
  onConfirm: (choice: ReasonChoice) => unknown;
  onClose: () => void;
}

/** The confirm dialog of report and cancel: the same Cancel/Confirm, plus the reason (and a note). */
function ReasonDialog({ question, kind, withNote, onConfirm, onClose }: ReasonDialogProps) {
  const reasons = useQuery(reasonOptionsQuery(kind));
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noReasons = reasons.isSuccess && reasons.data.length === 0;

  function confirm() {
    if (!reasonId) return setError('Choose a reason');
    void Promise.resolve()
      .then(() => onConfirm({ reasonId, note: note.trim() || null }))
      .catch(() => {});
    onClose();
  }

  return (
    <Stack gap="md">
      <Text size="sm">{question}</Text>
      <Select
        label="Reason"
        placeholder={reasons.isPending ? 'Loading reasons…' : 'Choose a reason'}
        data={(reasons.data ?? []).map((r) => ({ value: r._id, label: r.text }))}
        value={reasonId}
        onChange={(value) => {
          setReasonId(value);
          setError(null);
        }}
        error={error ?? (noReasons ? 'No reasons are set up yet; an administrator adds them.' : undefined)}
        required
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
      {withNote && (
        <Textarea
          label="Note"
          description="Optional; kept with the cancellation."
          maxLength={1000}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {CONFIRM_LABELS.cancel}
        </Button>
        <Button color="red" onClick={confirm}>
          {CONFIRM_LABELS.confirm}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Opens the reason dialog once the lazily loaded modal manager listens (lib/modals.ts); `onConfirm`
 * runs with the chosen reason after Confirm.
 */
export async function openReasonDialog(
  options: Omit<ReasonDialogProps, 'onClose'> & { title: string },
): Promise<void> {
  await whenModalsReady();
  const id = modals.open({
    title: options.title,
    centered: true,
    children: <ReasonDialog {...options} onClose={() => modals.close(id)} />,
  });
}
