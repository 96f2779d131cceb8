import { Alert, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type BuyerBooking,
  type PromoCodeCheck,
  type PublicEvent,
  type PublicOccurrence,
  SALES_STATE_MESSAGES,
} from '@marquee/contract';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { browser } from '../../../lib/browser';
import { focusFirstError } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { formatMoney, minorDigits } from '../../../lib/money';
import { getAccessToken, getStoredEmail } from '../../../lib/storage';
import {
  type AnswerDraft,
  answersBody,
  CheckoutQuestions,
  emptyAnswers,
  isAnswerField,
  pageShowsField,
  validateAnswers,
} from '../../checkout-questions';
import { reserve } from '../api/create-booking';
import { publicEventKeys } from '../api/keys';
import {
  availabilityOf,
  bookingBody,
  type CheckoutDraft,
  type CheckoutErrors,
  checkoutTotal,
  choosesDate,
  emptyLine,
  initialOccurrence,
  type LineDraft,
  linesOf,
  occurrenceOf,
  placeServerErrors,
  quantityRange,
  ticketCount,
  ticketErrorKey,
  validateDraft,
} from '../model/checkout';
import { rememberPendingBooking } from '../model/pending-booking';
import { codeFromSearch, promoSavings, withPromo } from '../model/promo';
import { offersWaitingList } from '../model/waiting-list';
import { dateTime } from '../model/when';
import { publicBookingPath, publicEventReturnPath } from '../paths';
import { JoinWaitingList } from './JoinWaitingList';
import { OccurrencePicker } from './OccurrencePicker';
import { PromoCodeField } from './PromoCodeField';
import { TicketLine } from './TicketLine';

/** Why nothing can be bought right now (for the whole event or the chosen date), or null. */
function closedMessage(event: PublicEvent, occurrence: PublicOccurrence | null): string | null {
  if (event.status === 'CANCELLED') return SALES_STATE_MESSAGES.CANCELLED;
  if (event.ticketTypes.length === 0) return SALES_STATE_MESSAGES.UNAVAILABLE;
  if (event.salesState !== 'ON_SALE') {
    if (event.salesState !== 'NOT_STARTED') return SALES_STATE_MESSAGES[event.salesState];
    const opens = event.ticketTypes
      .map((type) => type.saleStartsAt)
      .filter((at): at is string => Boolean(at))
      .sort()[0];
    return opens
      ? `${SALES_STATE_MESSAGES.NOT_STARTED}. They open ${dateTime(opens, event.timeZone)} (${event.timeZone}).`
      : SALES_STATE_MESSAGES.NOT_STARTED;
  }
  if (occurrence && occurrence.salesState !== 'ON_SALE')
    return choosesDate(event)
      ? `${SALES_STATE_MESSAGES[occurrence.salesState]} for this date.`
      : SALES_STATE_MESSAGES[occurrence.salesState];
  return null;
}

/**
 * Choose a date, tickets and (as a guest) who is buying, then reserve. One idempotency key per
 * checkout attempt: kept while the attempt's answer is unknown (a network failure), so "Retry" cannot
 * hold the seats twice, and dropped once the server has answered or the buyer changes the order.
 */
export function CheckoutPanel({
  event: listed,
  onOccurrenceChange,
  preview = false,
}: {
  event: PublicEvent;
  onOccurrenceChange: (occurrence: PublicOccurrence | null) => void;
  /** The organizers' preview of an unpublished event: everything can be tried but nothing reserved. */
  preview?: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A promo code (docs/promo-codes.md) reprices the types it lowers and adds those it reveals.
  const linkCode = codeFromSearch(useLocation().search);
  const [promo, setPromo] = useState<PromoCodeCheck | null>(null);
  const event = useMemo(() => withPromo(listed, promo), [listed, promo]);
  const signedIn = Boolean(getAccessToken());
  const digits = minorDigits(event.currency);
  const [draft, setDraft] = useState<CheckoutDraft>(() => ({
    occurrenceId: initialOccurrence(event)?._id ?? null,
    lines: {},
    buyerName: '',
    buyerEmail: '',
  }));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  // Answers to the event's questions (docs/checkout-questions.md), kept apart from the lines.
  const [answers, setAnswers] = useState<AnswerDraft>(emptyAnswers);
  const [networkError, setNetworkError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const occurrence = occurrenceOf(event, draft);
  const closed = closedMessage(event, occurrence);
  const now = new Date();
  const { total, hasDonation } = checkoutTotal(event, draft);
  const count = ticketCount(draft);
  // Nothing to pay (free types only, or only free ones chosen): the booking confirms at once.
  const nothingToPay =
    event.ticketTypes.every((t) => t.pricing === 'FREE') || (count > 0 && total === 0 && !hasDonation);
  const slug = event.slug || event._id;

  /** Any change makes a new attempt; the errors about what changed go away, the rest stay. */
  function change(next: CheckoutDraft, clears: (key: string) => boolean) {
    attemptKey.current = null;
    setNetworkError(null);
    setDraft(next);
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !clears(key) && key !== 'form')),
    );
  }

  const lineOf = (typeId: string): LineDraft => {
    const type = event.ticketTypes.find((t) => t._id === typeId);
    return (
      draft.lines[typeId] ?? (type ? emptyLine(type, digits) : { quantity: 0, amountText: '', attendees: [] })
    );
  };

  function proceed(booking: BuyerBooking) {
    const bookingPage = publicBookingPath(slug, booking._id, booking.accessToken);
    queryClient.setQueryData(
      publicEventKeys.booking({ bookingId: booking._id, token: booking.accessToken }),
      booking,
    );
    if (booking.status === 'HELD' && booking.payment?.redirectUrl) {
      rememberPendingBooking({ event: slug, bookingId: booking._id, token: booking.accessToken });
      browser.assign(booking.payment.redirectUrl);
      return;
    }
    navigate(bookingPage);
  }

  function showErrors(next: CheckoutErrors) {
    flushSync(() => setErrors(next));
    focusFirstError(formRef.current, Object.keys(next));
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy || preview) return;
    const clientErrors = {
      ...validateDraft(event, draft, signedIn),
      ...validateAnswers(event, linesOf(event, draft), answers),
    };
    if (Object.keys(clientErrors).length > 0) {
      showErrors(clientErrors);
      return;
    }
    const lines = bookingBody(event, draft, signedIn, publicEventReturnPath(slug));
    const body = {
      ...lines,
      ...answersBody(event, lines.lines, answers),
      ...(promo ? { promoCode: promo.code } : {}),
    };
    attemptKey.current ??= newIdempotencyKey();
    setBusy(true);
    setNetworkError(null);
    try {
      const booking = await reserve(body, attemptKey.current);
      attemptKey.current = null;
      proceed(booking);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.kind !== 'response') {
        // The answer was lost: the booking may exist. The same key on retry answers that booking.
        setNetworkError(error.message);
        return;
      }
      attemptKey.current = null;
      const fieldErrors = error.errors ?? [];
      // Answers' errors keep the server's names (`answers.<id>`, `attendees.<i>.<id>`); one about a
      // question this page does not show yet (changed meanwhile) goes to the form, and the page reloads.
      const onPage = (field: string) => isAnswerField(field) && pageShowsField(event, field);
      const placed: CheckoutErrors = {
        ...placeServerErrors(
          fieldErrors.filter((e) => !onPage(e.field)),
          body.lines,
        ),
        ...Object.fromEntries(fieldErrors.filter((e) => onPage(e.field)).map((e) => [e.field, e.message])),
      };
      if (fieldErrors.some((e) => isAnswerField(e.field) && !onPage(e.field)))
        void queryClient.invalidateQueries({ queryKey: publicEventKeys.detail.all });
      if (Object.keys(placed).length === 0) placed.form = error.message;
      showErrors(placed);
      // Seats moved or sales closed meanwhile: show what is left now, the buyer's choices stay.
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: publicEventKeys.detail.all });
    } finally {
      setBusy(false);
    }
  }

  // An event whose every type is hidden (a presale) shows nothing until a code reveals them.
  const onlyHidden = listed.ticketTypes.length === 0 && listed.status !== 'CANCELLED';
  const promoField = (
    <PromoCodeField
      eventId={event._id}
      occurrenceId={occurrence?._id ?? null}
      initialCode={linkCode}
      applied={promo}
      error={errors.promoCode}
      disabled={busy || preview}
      onApplied={(next) => {
        // Without a code, tickets of the types it revealed are no longer offered.
        const listedIds = new Set(listed.ticketTypes.map((t) => t._id));
        const lines = Object.fromEntries(
          Object.entries(draft.lines).filter(([id]) => next !== null || listedIds.has(id)),
        );
        change({ ...draft, lines }, (key) => key === 'promoCode');
        setPromo(next);
      }}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} shadow="xs">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="checkout-title">
        <Stack gap="md">
          <Title order={2} fz="xl" id="checkout-title">
            Tickets
          </Title>
          {choosesDate(event) && (
            <OccurrencePicker
              event={event}
              value={draft.occurrenceId}
              error={errors.occurrence}
              onChange={(occurrenceId) => {
                change(
                  { ...draft, occurrenceId },
                  (key) => key === 'occurrence' || key.startsWith('ticket.'),
                );
                onOccurrenceChange(event.occurrences.find((o) => o._id === occurrenceId) ?? null);
              }}
            />
          )}
          {closed && (
            <Alert color="gray" variant="light" title={closed} data-testid="sales-closed">
              {event.status === 'CANCELLED' ? 'No tickets can be bought.' : null}
            </Alert>
          )}
          {event.ticketTypes.map((type) => {
            const availability = availabilityOf(type, occurrence, now);
            const line = lineOf(type._id);
            return (
              <TicketLine
                key={type._id}
                event={event}
                type={type}
                line={line}
                availability={availability}
                range={quantityRange(event, type, draft, availability.remaining)}
                errors={errors}
                disabled={Boolean(closed) || busy}
                onChange={(next) =>
                  change({ ...draft, lines: { ...draft.lines, [type._id]: next } }, (key) =>
                    key.startsWith(ticketErrorKey(type._id)),
                  )
                }
              />
            );
          })}
          <Text size="xs" c="dimmed">
            At most {event.maxTicketsPerOrder} tickets in one order.
          </Text>
          {(!closed || onlyHidden) && promoField}
          {!closed && (
            <>
              <CheckoutQuestions
                event={event}
                lines={linesOf(event, draft)}
                value={answers}
                errors={errors}
                disabled={busy}
                onChange={(next, field) => {
                  attemptKey.current = null;
                  setNetworkError(null);
                  setAnswers(next);
                  setErrors(({ [field]: _cleared, form: _form, ...rest }) => rest);
                }}
              />
              <Divider />
              {signedIn ? (
                <Text size="sm" data-testid="signed-in-buyer">
                  Booking as <strong>{getStoredEmail() ?? 'your signed-in account'}</strong>
                </Text>
              ) : (
                <Stack gap="sm">
                  <Title order={3} fz="md">
                    Your details
                  </Title>
                  <TextInput
                    label="Name"
                    autoComplete="name"
                    required
                    value={draft.buyerName}
                    error={errors['buyer.name']}
                    onChange={(e) =>
                      change({ ...draft, buyerName: e.currentTarget.value }, (key) => key === 'buyer.name')
                    }
                  />
                  <TextInput
                    label="Email"
                    type="email"
                    autoComplete="email"
                    required
                    description="Your tickets are sent here."
                    value={draft.buyerEmail}
                    error={errors['buyer.email']}
                    onChange={(e) =>
                      change({ ...draft, buyerEmail: e.currentTarget.value }, (key) => key === 'buyer.email')
                    }
                  />
                </Stack>
              )}
              {promo && promoSavings(listed, promo, draft.lines) > 0 && (
                <Text size="sm" data-testid="promo-savings">
                  {`Promo code saves ${formatMoney(promoSavings(listed, promo, draft.lines), event.currency)}`}
                </Text>
              )}
              <Divider />
              <Group justify="space-between" align="baseline">
                <Text fw={600}>Total{count > 0 ? ` · ${count} ticket${count === 1 ? '' : 's'}` : ''}</Text>
                <Text fw={800} fz="xl" data-testid="checkout-total">
                  {formatMoney(total, event.currency)}
                </Text>
              </Group>
              {hasDonation && (
                <Text size="xs" c="dimmed">
                  The service fee on donations is added on the payment page.
                </Text>
              )}
              {errors.form && (
                <Alert color="red" variant="light" role="alert" data-testid="checkout-error">
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {errors.form}
                  </Text>
                </Alert>
              )}
              {networkError && (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  title="Your reservation was not confirmed"
                  data-testid="checkout-network-error"
                >
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{networkError} Your choices are kept; try again.</Text>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconRefresh size={14} aria-hidden />}
                      onClick={() => void submit()}
                      loading={busy}
                    >
                      Retry
                    </Button>
                  </Stack>
                </Alert>
              )}
              <Button type="submit" size="md" fullWidth loading={busy} disabled={preview}>
                {nothingToPay ? 'Get tickets' : 'Reserve and pay'}
              </Button>
              <Text size="xs" c={preview ? undefined : 'dimmed'} ta="center" data-testid="checkout-note">
                {preview
                  ? 'Checkout is off in the preview: buyers can reserve once the event is published.'
                  : 'Your seats are held for a few minutes while you pay.'}
              </Text>
            </>
          )}
        </Stack>
      </form>
      {/* Outside the checkout's form: a form of its own under each sold-out type's name. */}
      {!preview &&
        event.ticketTypes
          .filter((type) => offersWaitingList(event, occurrence, availabilityOf(type, occurrence, now)))
          .map((type) => (
            <JoinWaitingList
              key={type._id}
              event={event}
              type={type}
              occurrenceId={occurrence?._id ?? null}
            />
          ))}
    </Paper>
  );
}
