import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { draftToInstant, instantToDraft } from '../../../components/ZonedDateTimeInput';

/**
 * A date and time in the event's zone as one native field (`datetime-local`): its own label is its
 * name, so it reads the same to assistive technology as it shows. Empty means no limit.
 */
export function ZonedLocalInput({
  label,
  zone,
  value,
  onChange,
  error,
  description,
}: {
  label: string;
  zone: string;
  value?: string | null;
  onChange: (iso: string | null) => void;
  error?: ReactNode;
  description?: ReactNode;
}) {
  const draft = instantToDraft(value ?? null, zone);
  const text = draft.date ? `${draft.date}T${draft.time || '00:00'}` : '';
  return (
    <TextInput
      type="datetime-local"
      label={`${label} (${zone})`}
      description={description}
      error={error}
      value={text}
      onChange={(e) => {
        const [date = '', time = ''] = e.currentTarget.value.split('T');
        onChange(date ? draftToInstant({ date, time }, zone).iso : null);
      }}
    />
  );
}
