import { ActionIcon, Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { type DropDownValues, EVENT_LIMITS, type EventDetail, type EventKind } from '@marquee/contract';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  IconSend,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useUnsavedChangesGuard } from '../../../../components/unsaved-changes';
import { focusFirstError, showServerErrors } from '../../../../lib/form-errors';
import { HttpError, withFormErrorsDeferred } from '../../../../lib/http';
import { toast } from '../../../../lib/toasts';
import { movedDates } from '../../../attendee-messages';
import { eventDetailQuery } from '../../api/panel-organizer-event-detail';
import { useCreateEvent, useRemoveFromDraft, useSaveDraft, useUpdateEvent } from '../../api/save-event';
import { useUpdateEventTeam } from '../../api/update-organizer-and-scanners';
import { eventDetailsPath } from '../../paths';
import { BasicsStep } from './BasicsStep';
import { DatePlaceStep } from './DatePlaceStep';
import {
  type DraftBody,
  type EventFormValues,
  emptyValues,
  firstStepWithError,
  formPathOfDraftError,
  STEPS,
  sameTeam,
  type TeamValues,
  teamFromDetail,
  toDraftInput,
  toEventInput,
  validateForDraft,
  validateForPublish,
  valuesFromDetail,
} from './form-model';
import { ReviewStep } from './ReviewStep';
import { TeamStep, teamOptions, teamToSave } from './TeamStep';
import { TicketRows } from './TicketRows';
import type { StepProps } from './types';

export interface EventFormProps {
  kind: EventKind;
  options: DropDownValues;
  /** The draft being resumed or the published event being edited. */
  detail?: EventDetail;
  /** Where a new draft lives once saved, so a reload resumes it. */
  resumePath: (eventId: string) => string;
  /** Told before the URL moves to a just-saved draft, so the page keeps this form (and its step). */
  onDraftSaved: (eventId: string) => void;
}

const PHONE = '(max-width: 36em)';

/**
 * One form for every kind of event, in steps: Basics, Date and place, Tickets, Team, Review. A draft can be
 * saved at any step; Publish checks everything first (the spec's time messages on their fields) and
 * a refusal from the server lands on the fields it names, with their step opened. Nothing typed is lost.
 */
export function EventForm({ kind, options: given, detail, resumePath, onDraftSaved }: EventFormProps) {
  const options = useMemo(() => withEventOrganization(given, detail), [given, detail]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const rootRef = useRef<HTMLFormElement>(null);
  const [active, setActive] = useState(0);
  const [eventId, setEventId] = useState(detail?._id);
  const published = !!detail && detail.status !== 'DRAFT';

  const singleOrganization =
    options.organizations.length === 1 ? (options.organizations[0]?._id ?? null) : null;
  const form = useForm<EventFormValues>({
    mode: 'controlled',
    initialValues: detail
      ? valuesFromDetail(detail, detail.organization.currency)
      : emptyValues(
          kind,
          singleOrganization,
          singleOrganization ? (options.organizations[0]?.timeZone ?? null) : null,
        ),
  });
  const organization = options.organizations.find((o) => o._id === form.values.organizationId) ?? null;
  // The drop-down values list only organizations the caller manages (with their members); an event of
  // another organization (an administrator's, or a member's who organizes it) keeps the owner's team.
  const managesTeam = given.organizations.some((o) => o._id === form.values.organizationId);
  const currency = organization?.currency ?? detail?.organization.currency ?? 'USD';
  const guard = useUnsavedChangesGuard(form.isDirty());

  // A new event's zone starts as its organization's once one is chosen (the place or a pick changes it).
  const zoneOfOrganization = organization?.timeZone ?? null;
  const zoneChosen = !!form.values.location.timeZone;
  useEffect(() => {
    if (!detail && zoneOfOrganization && !zoneChosen)
      form.setFieldValue('location.timeZone', zoneOfOrganization);
  }, [detail, zoneOfOrganization, zoneChosen, form.setFieldValue]);

  const create = useCreateEvent(kind);
  const update = useUpdateEvent(kind);
  const saveDraft = useSaveDraft();
  const saveBeforePublish = useSaveDraft(true);
  const removeFromDraft = useRemoveFromDraft();
  const updateTeam = useUpdateEventTeam(true);
  const savedTeam = useRef<TeamValues>(
    detail ? teamFromDetail(detail.team) : { organizers: [], scanners: [] },
  );
  const pending =
    create.isPending ||
    update.isPending ||
    saveDraft.isPending ||
    saveBeforePublish.isPending ||
    removeFromDraft.isPending ||
    updateTeam.isPending;

  const context = () => ({
    kind,
    currency,
    maxPerOrder: organization?.maxTicketsPerOrder ?? null,
    now: new Date(),
    publishedStarts: new Map(published ? detail.occurrences.map((o) => [o._id, o.startsAt]) : []),
  });

  /** Puts errors on their fields, opens the first step holding one, and focuses it. */
  function showErrors(errors: Record<string, string>) {
    const step = firstStepWithError(Object.keys(errors));
    flushSync(() => {
      form.setErrors(errors);
      if (step !== null) setActive(step);
    });
    focusFirstError(rootRef.current, Object.keys(errors));
  }

  /** A refused call: open the step of the first field it names, then place its messages. */
  function showRefusal(caught: unknown, draft?: DraftBody) {
    let error = caught;
    if (draft && caught instanceof HttpError && caught.errors?.length) {
      // The draft carried only its complete rows: name the rows as the form numbers them.
      const errors = caught.errors.map((e) => ({ ...e, field: formPathOfDraftError(e.field, draft) }));
      error = Object.assign(new HttpError(caught.kind, caught.status, caught.message, errors), {
        toastDeferred: caught.toastDeferred,
      });
    }
    if (error instanceof HttpError && error.errors?.length) {
      const step = firstStepWithError(error.errors.map((e) => e.field).filter((f) => stepKnown(form, f)));
      if (step !== null) flushSync(() => setActive(step));
    }
    showServerErrors(form, error, { root: rootRef.current });
  }

  /**
   * The team is its own call (update-organizer-and-scanners), made once the event is saved: it needs the
   * event's id. A refusal leaves the event saved; the toast says so, and the Team step keeps the picks.
   */
  async function saveTeam(id: string): Promise<boolean> {
    if (!managesTeam || !organization) return true;
    const team = teamToSave(form.values.team, teamOptions(organization, detail?.team ?? []));
    if (sameTeam(team, savedTeam.current)) return true;
    try {
      await updateTeam.mutateAsync({ eventId: id, ...team });
      savedTeam.current = team;
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'the server did not answer';
      toast.error(`The event is saved, but not its team: ${reason}`);
      for (const e of error instanceof HttpError ? (error.errors ?? []) : []) {
        if (e.field === 'organizers' || e.field === 'scanners')
          form.setFieldError(`team.${e.field}`, e.message);
      }
      return false;
    }
  }

  async function run(save: () => Promise<void>, draft?: DraftBody) {
    try {
      await withFormErrorsDeferred(save);
    } catch (error) {
      showRefusal(error, draft);
    }
  }

  function onSaveDraft() {
    const errors = validateForDraft(form.values, context());
    if (Object.keys(errors).length > 0) return showErrors(errors);
    form.clearErrors();
    const draft = toDraftInput(form.values, kind, currency, eventId);
    void run(async () => {
      const saved = await saveDraft.mutateAsync(draft.body);
      const id = saved.result._id;
      // The answer is the draft as stored: the resumed page reads it from the cache instead of loading.
      queryClient.setQueryData(eventDetailQuery(id).queryKey, saved.result);
      const teamSaved = await saveTeam(id);
      if (draft.omitted.length === 0 && teamSaved) {
        form.resetDirty();
        guard.release();
      } else if (draft.omitted.length > 0) {
        // Still on screen, not stored: leaving keeps asking.
        toast.warning(`Not in the draft yet, as not complete: ${draft.omitted.join(', ')}.`);
      }
      if (id !== eventId) {
        setEventId(id);
        onDraftSaved(id);
        navigate(resumePath(id), { replace: true });
      }
    }, draft);
  }

  function onPublish(event?: FormEvent) {
    event?.preventDefault();
    const errors = validateForPublish(form.values, context());
    if (Object.keys(errors).length > 0) return showErrors(errors);
    form.clearErrors();
    void run(async () => {
      const input = toEventInput(form.values, kind, currency);
      let savedId: string;
      let moved: string[] = [];
      if (published && eventId) {
        const saved = (await update.mutateAsync({ ...input, eventId })).result;
        savedId = saved._id;
        moved = movedDates(detail, saved);
      } else if (eventId) {
        // A draft: store what is on screen, then ask the server to publish it after full validation.
        await saveBeforePublish.mutateAsync(toDraftInput(form.values, kind, currency, eventId).body);
        savedId = (await removeFromDraft.mutateAsync({ eventId })).result._id;
      } else {
        savedId = (await create.mutateAsync(input)).result._id;
      }
      // Saved either way; a team the server refused is said in a toast and assigned from the details page.
      await saveTeam(savedId);
      guard.release();
      // Dates people hold tickets for that moved: the details page offers them a prepared message.
      navigate(eventDetailsPath(savedId, kind), moved.length ? { state: { movedDates: moved } } : undefined);
    });
  }

  // A new step starts at its top (on a phone the Next button sits at the bottom of the last one).
  const shownStep = useRef(active);
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, [active]);

  const last = STEPS.length - 1;
  const stepProps: StepProps = { form, kind, options, organization, eventId };
  const errorSteps = new Set(Object.keys(form.errors).map((path) => firstStepWithError([path])));
  // A step passed by is ticked only when its required fields are filled; otherwise it says what is missing.
  const incompleteSteps = new Set(
    Object.keys(validateForPublish(form.values, context())).map((path) => firstStepWithError([path])),
  );
  return (
    <form ref={rootRef} onSubmit={onPublish} noValidate aria-label="Event">
      <Stack gap="md">
        <Stepper
          active={active}
          onStepClick={setActive}
          size="sm"
          allowNextStepsSelect
          aria-label="Steps of the form"
        >
          {STEPS.map((label, i) => {
            const missing = i < active && incompleteSteps.has(i);
            return (
              <Stepper.Step
                key={label}
                label={phone ? undefined : label}
                description={missing && !phone ? 'Required fields missing' : undefined}
                aria-label={label}
                aria-description={missing ? 'Required fields missing' : undefined}
                data-incomplete={missing || undefined}
                completedIcon={missing ? <IconAlertTriangle size={18} aria-hidden /> : undefined}
                color={errorSteps.has(i) ? 'red' : missing ? 'orange' : undefined}
              />
            );
          })}
        </Stepper>
        {phone && (
          <Text size="sm" c="dimmed" aria-live="polite">
            Step {active + 1} of {STEPS.length}: {STEPS[active]}
          </Text>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          {active === 0 && <BasicsStep {...stepProps} />}
          {active === 1 && <DatePlaceStep {...stepProps} />}
          {active === 2 && <TicketRows {...stepProps} />}
          {active === 3 && <TeamStep {...stepProps} managed={managesTeam} currentTeam={detail?.team ?? []} />}
          {active === 4 && <ReviewStep {...stepProps} />}
        </Paper>
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow="sm"
          // Always in reach on a phone: the actions stick to the bottom of the screen.
          style={{ position: 'sticky', bottom: 8, zIndex: 5 }}
          data-testid="form-actions"
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {published ? (
              // An edit is saved from any step: a change to one date should not need a walk to Review.
              active < last ? (
                <Button
                  type="submit"
                  variant="default"
                  leftSection={phone ? undefined : <IconDeviceFloppy size={16} aria-hidden />}
                  loading={pending}
                >
                  Save changes
                </Button>
              ) : (
                <span />
              )
            ) : (
              <Button
                variant="default"
                leftSection={phone ? undefined : <IconDeviceFloppy size={16} aria-hidden />}
                loading={saveDraft.isPending}
                disabled={pending && !saveDraft.isPending}
                onClick={onSaveDraft}
              >
                Save as draft
              </Button>
            )}
            <Group gap="xs" wrap="nowrap">
              {phone ? (
                // Narrow screens: Back as an icon, so every action fits on one row.
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label="Back"
                  disabled={active === 0}
                  onClick={() => setActive((s) => Math.max(0, s - 1))}
                >
                  <IconArrowLeft size={18} aria-hidden />
                </ActionIcon>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  disabled={active === 0}
                  onClick={() => setActive((s) => Math.max(0, s - 1))}
                >
                  Back
                </Button>
              )}
              {active < last ? (
                <Button
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                  onClick={() => setActive((s) => Math.min(last, s + 1))}
                >
                  Next
                </Button>
              ) : (
                <Button
                  type="submit"
                  leftSection={phone ? undefined : <IconSend size={16} aria-hidden />}
                  loading={pending && !saveDraft.isPending}
                  disabled={saveDraft.isPending}
                >
                  {published ? 'Save changes' : 'Publish'}
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/** True when a server error path names a value of the form (else it goes to the toast). */
function stepKnown(form: StepProps['form'], path: string) {
  let current: unknown = form.getValues();
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * The pickers list the organizations the caller manages; an administrator editing another's event still
 * needs that event's organization (its currency) in the form. Its per-order maximum is the server's to check.
 */
function withEventOrganization(options: DropDownValues, detail: EventDetail | undefined): DropDownValues {
  if (!detail || options.organizations.some((o) => o._id === detail.organization._id)) return options;
  const { _id, name, currency } = detail.organization;
  return {
    ...options,
    organizations: [
      ...options.organizations,
      {
        _id,
        name,
        currency,
        maxTicketsPerOrder: EVENT_LIMITS.maxQuantity,
        serviceFeePaidBy: 'BUYER',
        timeZone: detail.timeZone ?? 'UTC',
        members: [],
      },
    ],
  };
}
