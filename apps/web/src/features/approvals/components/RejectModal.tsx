import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { APPROVAL_MESSAGES } from '@marquee/contract';
import { useEffect, useRef, useState } from 'react';
import { placeServerErrors } from '../../../lib/form-errors';
import { HttpError, withFormErrorsDeferred } from '../../../lib/http';
import { toast } from '../../../lib/toasts';
import { useDecide } from '../api/decide';
import type { ApprovalKind } from '../api/keys';

export interface RejectTarget {
  userId: string;
  /** Who or what is rejected, for the dialog's text ("Priya Patel"). */
  name: string;
}

/**
 * Rejects a request with a reason the user receives by email. The reason is required (on the field);
 * a failed call keeps the text and puts the server's field message under it.
 */
export function RejectModal({
  kind,
  target,
  onClose,
}: {
  kind: ApprovalKind;
  target: RejectTarget | null;
  onClose: () => void;
}) {
  const decide = useDecide(kind);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (target) {
      setReason('');
      setError(null);
    }
  }, [target]);

  async function submit() {
    if (!target) return;
    if (reason.trim().length === 0) {
      setError(APPROVAL_MESSAGES.reasonRequired);
      field.current?.focus();
      return;
    }
    try {
      await withFormErrorsDeferred(() =>
        decide.mutateAsync({ userId: target.userId, decision: 'REJECT', reason: reason.trim() }),
      );
      onClose();
    } catch (failure) {
      const { inline, rest } = placeServerErrors(failure, ['reason']);
      if (inline.reason) {
        setError(inline.reason);
        field.current?.focus();
      }
      if (failure instanceof HttpError && failure.toastDeferred && rest.length > 0)
        toast.error(rest.join('\n'));
    }
  }

  const what = kind === 'ORGANIZER' ? 'organizer request' : 'non-profit exemption';
  return (
    <Modal opened={target !== null} onClose={onClose} title={`Reject ${what}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">
            Tell {target?.name} why their {what} is not approved. The reason is emailed to them.
          </Text>
          <Textarea
            ref={field}
            label="Reason"
            required
            autosize
            minRows={3}
            maxLength={500}
            value={reason}
            error={error}
            description={`${reason.length} / 500`}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={decide.isPending}>
              Reject request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
