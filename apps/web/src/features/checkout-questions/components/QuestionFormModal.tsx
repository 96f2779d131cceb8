import { Modal, MultiSelect, Radio, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type CheckoutQuestion,
  CheckoutQuestionFields,
  QUESTION_SCOPE_LABELS,
  QUESTION_TYPE_LABELS,
  type QuestionScope,
  QuestionType,
} from '@marquee/contract';
import { FormActions } from '../../../components/FormActions';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useCreateQuestion, useUpdateQuestion } from '../api/mutations';

interface Values {
  scope: QuestionScope;
  type: QuestionType;
  label: string;
  helpText: string;
  /** One choice per line, as typed. */
  choices: string;
  required: boolean;
  ticketTypeIds: string[];
}

const hasChoices = (type: QuestionType) => type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';
const choiceList = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The contract's own schema, its messages put on the form's fields (a choice's error on the choices box). */
function validate(values: Values): Record<string, string> {
  const parsed = CheckoutQuestionFields.safeParse({
    ...values,
    choices: hasChoices(values.type) ? choiceList(values.choices) : [],
  });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'label');
    errors[field] ??= issue.message;
  }
  return errors;
}

export function QuestionFormModal({
  eventId,
  question,
  ticketTypes,
  onClose,
}: {
  eventId: string;
  question: CheckoutQuestion | 'new';
  ticketTypes: readonly { _id: string; name: string }[];
  onClose: () => void;
}) {
  const editing = question === 'new' ? null : question;
  const create = useCreateQuestion();
  const update = useUpdateQuestion();
  const form = useForm<Values, Omit<Values, 'choices'> & { choices: string[] }>({
    mode: 'controlled',
    initialValues: {
      scope: editing?.scope ?? 'ORDER',
      type: editing?.type ?? 'SHORT_TEXT',
      label: editing?.label ?? '',
      helpText: editing?.helpText ?? '',
      choices: editing?.choices.join('\n') ?? '',
      required: editing?.required ?? false,
      ticketTypeIds: editing?.ticketTypeIds ?? [],
    },
    validate,
    transformValues: (values) => ({
      ...values,
      choices: hasChoices(values.type) ? choiceList(values.choices) : [],
    }),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmLeave(onClose);
  const submit = submitWithServerErrors(form, async (values) => {
    if (editing) await update.mutateAsync({ ...values, eventId, questionId: editing._id });
    else await create.mutateAsync({ ...values, eventId });
    guard.release();
    onClose();
  });
  const title = editing ? 'Edit question' : 'Add question';
  return (
    <Modal opened onClose={close} title={title} centered size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput label="Question" required data-autofocus {...form.getInputProps('label')} />
          <TextInput
            label="Help text"
            description="Shown under the question (optional)."
            {...form.getInputProps('helpText')}
          />
          <Select
            label="Answer type"
            data={QuestionType.options.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          {hasChoices(form.values.type) && (
            <Textarea
              label="Choices"
              description="One choice per line; at least two."
              required
              autosize
              minRows={3}
              {...form.getInputProps('choices')}
            />
          )}
          <Radio.Group label="Asked" {...form.getInputProps('scope')}>
            <Stack gap={6} mt={4}>
              {(['ORDER', 'ATTENDEE'] as const).map((scope) => (
                <Radio key={scope} value={scope} label={QUESTION_SCOPE_LABELS[scope]} />
              ))}
            </Stack>
          </Radio.Group>
          <MultiSelect
            label="Ticket types"
            description="Leave empty to ask for every ticket type."
            placeholder={form.values.ticketTypeIds.length ? undefined : 'Every ticket type'}
            data={ticketTypes.map((t) => ({ value: t._id, label: t.name }))}
            clearable
            {...form.getInputProps('ticketTypeIds')}
          />
          <Switch label="Required" {...form.getInputProps('required', { type: 'checkbox' })} />
          <FormActions editing={!!editing} pending={create.isPending || update.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
