import { Checkbox, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { AnswerValue, PublicCheckoutQuestion } from '@marquee/contract';

type Asked = Pick<PublicCheckoutQuestion, 'type' | 'label' | 'helpText' | 'required'> & {
  choices: readonly string[];
};

export interface AnswerInputProps {
  question: Asked;
  /** As typed: text (numbers and dates too), the ticked choices, or the box. */
  value: AnswerValue | undefined;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: AnswerValue) => void;
}

const text = (value: AnswerValue | undefined) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * One question as a field of its type. The value stays as the person typed it (a number is text until
 * it is sent), so nothing typed is lost when the server refuses it; `checkAnswer` in the contract is
 * the check on both sides.
 */
export function AnswerInput({ question, value, error, disabled, onChange }: AnswerInputProps) {
  const common = {
    label: question.label,
    description: question.helpText || undefined,
    required: question.required,
    error,
    disabled,
  };
  switch (question.type) {
    case 'LONG_TEXT':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'SINGLE_CHOICE':
      return (
        <Radio.Group {...common} value={text(value) || null} onChange={(next) => onChange(next)}>
          <Group gap="md" mt={4}>
            {question.choices.map((choice) => (
              <Radio key={choice} value={choice} label={choice} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'MULTIPLE_CHOICE':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next)}
        >
          <Stack gap={6} mt={4}>
            {question.choices.map((choice) => (
              <Checkbox key={choice} value={choice} label={choice} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'CHECKBOX':
      return (
        <Checkbox
          label={question.label}
          description={question.helpText || undefined}
          required={question.required}
          error={error}
          disabled={disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'NUMBER':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={
            question.type === 'DATE'
              ? 'date'
              : question.type === 'PHONE'
                ? 'tel'
                : question.type === 'EMAIL'
                  ? 'email'
                  : 'text'
          }
          autoComplete={question.type === 'EMAIL' ? 'email' : question.type === 'PHONE' ? 'tel' : undefined}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
