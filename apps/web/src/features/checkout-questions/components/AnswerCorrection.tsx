import { Button, Group, Modal, Stack } from '@mantine/core';
import {
  type AnswerValue,
  ATTENDEE_EMAIL_QUESTION,
  type CheckoutAnswer,
  checkAnswer,
} from '@marquee/contract';
import { useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useCorrectAnswer } from '../api/mutations';
import { AnswerInput } from './AnswerInput';

/** An organizer's correction of one answer (audited on the server), checked like the buyer's. */
export function AnswerCorrection({
  bookingId,
  answer,
  choices,
  onClose,
}: {
  bookingId: string;
  answer: CheckoutAnswer;
  /** The choices the question offered when answered. */
  choices: readonly string[];
  onClose: () => void;
}) {
  const correct = useCorrectAnswer();
  const [value, setValue] = useState<AnswerValue | undefined>(answer.value ?? undefined);
  const [error, setError] = useState<string | undefined>();
  const asked = answer.builtin
    ? { ...ATTENDEE_EMAIL_QUESTION, required: false }
    : { type: answer.type, choices: [...choices], required: false };
  const save = async () => {
    const checked = checkAnswer(asked, value);
    if (!checked.ok) return setError(checked.message);
    try {
      await correct.mutateAsync({ bookingId, answerId: answer._id, value: checked.value });
      onClose();
    } catch (e) {
      if (e instanceof HttpError) setError(e.errors?.[0]?.message ?? e.message);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Correct answer" centered>
      <Stack gap="md">
        <AnswerInput
          question={{ ...asked, label: answer.label, helpText: '' }}
          value={value}
          error={error}
          onChange={(next) => {
            setError(undefined);
            setValue(next);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={correct.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
