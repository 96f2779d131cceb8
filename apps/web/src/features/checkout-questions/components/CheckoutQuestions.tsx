import { Fieldset, Stack, Text, TextInput, Title } from '@mantine/core';
import { type AnswerValue, ATTENDEE_EMAIL_KEY } from '@marquee/contract';
import {
  type AnswerDraft,
  type AskingEvent,
  askedTickets,
  orderField,
  orderQuestions,
  ticketField,
} from '../model/buyer-answers';
import { AnswerInput } from './AnswerInput';

export interface CheckoutQuestionsProps {
  event: AskingEvent;
  /** The lines as they will be sent (ticket types with a quantity, in the page's order). */
  lines: readonly { ticketTypeId: string; quantity: number }[];
  value: AnswerDraft;
  /** Keyed by the server's field names (`answers.<id>`, `attendees.<i>.<id>`). */
  errors: Record<string, string>;
  disabled?: boolean;
  /** `field`: the error to clear. */
  onChange: (next: AnswerDraft, field: string) => void;
}

/**
 * The buyer's answers on the event page: the order's questions once, then each ticket's (its attendee's
 * email when the event asks for it, and the questions for its ticket type).
 */
export function CheckoutQuestions({
  event,
  lines,
  value,
  errors,
  disabled,
  onChange,
}: CheckoutQuestionsProps) {
  const forOrder = orderQuestions(event, lines);
  const tickets = askedTickets(event, lines);
  if (forOrder.length === 0 && tickets.length === 0) return null;
  const setOrder = (id: string, answer: AnswerValue) =>
    onChange({ ...value, order: { ...value.order, [id]: answer } }, orderField(id));
  const setTicket = (key: string, index: number, id: string, answer: AnswerValue) =>
    onChange(
      { ...value, tickets: { ...value.tickets, [key]: { ...value.tickets[key], [id]: answer } } },
      ticketField(index, id),
    );

  return (
    <Stack gap="sm" data-testid="checkout-questions">
      <Title order={3} fz="md">
        A few questions
      </Title>
      {forOrder.map((q) => (
        <AnswerInput
          key={q._id}
          question={q}
          value={value.order[q._id]}
          error={errors[orderField(q._id)]}
          disabled={disabled}
          onChange={(answer) => setOrder(q._id, answer)}
        />
      ))}
      {tickets.map((ticket) => {
        const given = value.tickets[ticket.key] ?? {};
        return (
          <Fieldset
            key={ticket.key}
            legend={`Ticket ${ticket.index + 1}: ${ticket.typeName}`}
            variant="filled"
            p="sm"
          >
            <Stack gap="sm">
              {ticket.email && (
                <TextInput
                  label="Attendee email"
                  type="email"
                  required
                  value={
                    typeof given[ATTENDEE_EMAIL_KEY] === 'string' ? String(given[ATTENDEE_EMAIL_KEY]) : ''
                  }
                  error={errors[ticketField(ticket.index, ATTENDEE_EMAIL_KEY)]}
                  disabled={disabled}
                  onChange={(e) =>
                    setTicket(ticket.key, ticket.index, ATTENDEE_EMAIL_KEY, e.currentTarget.value)
                  }
                />
              )}
              {ticket.questions.map((q) => (
                <AnswerInput
                  key={q._id}
                  question={q}
                  value={given[q._id]}
                  error={errors[ticketField(ticket.index, q._id)]}
                  disabled={disabled}
                  onChange={(answer) => setTicket(ticket.key, ticket.index, q._id, answer)}
                />
              ))}
            </Stack>
          </Fieldset>
        );
      })}
      <Text size="xs" c="dimmed">
        The organizer sees your answers with your order.
      </Text>
    </Stack>
  );
}
