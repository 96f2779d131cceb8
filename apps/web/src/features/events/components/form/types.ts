import type { UseFormReturnType } from '@mantine/form';
import type { DropDownValues, EventKind } from '@marquee/contract';
import type { EventFormValues } from './form-model';

export type EventForm = UseFormReturnType<EventFormValues>;

/** What every step of the form gets. */
export interface StepProps {
  form: EventForm;
  kind: EventKind;
  options: DropDownValues;
  /** The organization chosen, with its currency and per-order maximum; null until one is chosen. */
  organization: DropDownValues['organizations'][number] | null;
  /** The event being edited or resumed; undefined on a new one. */
  eventId?: string;
}
