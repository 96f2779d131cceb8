import {
  createClassCreator,
  createMultipleEvent,
  createSingleEvent,
  type EventKind,
  removeFromDraft,
  saveAsDraft,
  updateClassCreator,
  updateMultiEvent,
  updateSingleEvent,
} from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_EVENT_CHANGE } from './keys';

const CREATE = { SINGLE: createSingleEvent, MULTI: createMultipleEvent, CLASS: createClassCreator } as const;
const UPDATE = { SINGLE: updateSingleEvent, MULTI: updateMultiEvent, CLASS: updateClassCreator } as const;

/** Publishes a new event of its kind (create-single-event, create-multiple-event, create-class-creator). */
export const useCreateEvent = (kind: EventKind) =>
  useRouteMutation(CREATE[kind], { invalidates: AFTER_EVENT_CHANGE });

/** Saves a published event of its kind (update-single-event, update-multi-event, update-class-creator). */
export const useUpdateEvent = (kind: EventKind) =>
  useRouteMutation(UPDATE[kind], { invalidates: AFTER_EVENT_CHANGE });

/**
 * Saves a draft. `silentSuccess` when it is the first half of publishing a draft: the publish call's
 * message is the one to show.
 */
export const useSaveDraft = (silentSuccess = false) =>
  useRouteMutation(saveAsDraft, { invalidates: AFTER_EVENT_CHANGE, silentSuccess });

/** Publishes a draft after the server's full validation. */
export const useRemoveFromDraft = () =>
  useRouteMutation(removeFromDraft, { invalidates: AFTER_EVENT_CHANGE });
