import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { useDecide } from '../api/decide';
import type { ApprovalKind } from '../api/keys';
import type { RejectTarget } from './RejectModal';

const APPROVE_TEXT: Record<ApprovalKind, (name: string) => { title: string; message: string }> = {
  ORGANIZER: (name) => ({
    title: 'Approve organizer request',
    message: `Approve ${name} as an organizer? They can use the console from their next step and are told by email.`,
  }),
  NON_PROFIT: (name) => ({
    title: 'Approve non-profit exemption',
    message: `Approve the non-profit exemption of ${name}? Their organizations' new sales carry no service fee; orders already made keep theirs.`,
  }),
};

/** Approve (confirmed with Cancel / Confirm) and Reject (asks for a reason) for one pending request. */
export function DecisionButtons({
  kind,
  target,
  onReject,
  onDecided,
  size = 'compact-sm',
}: {
  kind: ApprovalKind;
  target: RejectTarget;
  onReject: (target: RejectTarget) => void;
  onDecided?: () => void;
  size?: 'compact-sm' | 'sm';
}) {
  const decide = useDecide(kind);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size={size}
        color="teal"
        variant="light"
        leftSection={<IconCheck size={14} />}
        aria-label={`Approve ${target.name}`}
        onClick={() =>
          openConfirmAction({
            ...APPROVE_TEXT[kind](target.name),
            onConfirm: async () => {
              await decide.mutateAsync({ userId: target.userId, decision: 'APPROVE' });
              onDecided?.();
            },
          })
        }
      >
        Approve
      </Button>
      <Button
        size={size}
        color="red"
        variant="subtle"
        leftSection={<IconX size={14} />}
        aria-label={`Reject ${target.name}`}
        onClick={() => onReject(target)}
      >
        Reject
      </Button>
    </Group>
  );
}
