import { ADMIN_EVENT_ACTIONS, type EventAction, type EventSummary } from '@marquee/contract';

/** What the moderation menus need to know about an event (a list row, a header or a detail). */
export type ModeratedEvent = Pick<
  EventSummary,
  '_id' | 'title' | 'status' | 'myRole' | 'isBlocked' | 'isVerified' | 'isReported' | 'isArchived'
>;

/** Every action of the menus: the panel actions plus cancelling (its own call, with a reason). */
export type ModerationAction = EventAction | 'CANCEL';

export interface ActionSpec {
  label: string;
  /** The confirm dialog's title and question; `{title}` is the event's. */
  confirmTitle: string;
  question: (title: string) => string;
  danger?: boolean;
}

export const ACTION_SPECS: Record<ModerationAction, ActionSpec> = {
  BLOCK: {
    label: 'Block',
    confirmTitle: 'Block event',
    question: (t) => `Block "${t}"? It leaves the marketplace and its organizers can no longer change it.`,
    danger: true,
  },
  UNBLOCK: {
    label: 'Unblock',
    confirmTitle: 'Unblock event',
    question: (t) => `Unblock "${t}"?`,
  },
  VERIFY: {
    label: 'Verify',
    confirmTitle: 'Verify event',
    question: (t) => `Mark "${t}" as verified?`,
  },
  UNVERIFY: {
    label: 'Unverify',
    confirmTitle: 'Unverify event',
    question: (t) => `Remove the verified mark from "${t}"?`,
  },
  REPORT: {
    label: 'Report',
    confirmTitle: 'Report event',
    question: (t) => `Report "${t}"? Choose why.`,
    danger: true,
  },
  UNREPORT: {
    label: 'Unreport',
    confirmTitle: 'Unreport event',
    question: (t) => `Clear the report on "${t}"?`,
  },
  ARCHIVE: {
    label: 'Archive',
    confirmTitle: 'Archive event',
    question: (t) => `Archive "${t}"? It moves to the Archived tab.`,
  },
  UNARCHIVE: {
    label: 'Unarchive',
    confirmTitle: 'Unarchive event',
    question: (t) => `Bring "${t}" back from the archive?`,
  },
  DELETE: {
    label: 'Delete',
    confirmTitle: 'Delete event',
    question: (t) => `Delete "${t}"? This cannot be undone.`,
    danger: true,
  },
  CANCEL: {
    label: 'Cancel event',
    confirmTitle: 'Cancel event',
    question: (t) => `Cancel "${t}"? Sales stop at once. Choose why.`,
    danger: true,
  },
};

/** Scanners only check tickets in; everyone else with access manages the event. */
export const canManage = (event: Pick<ModeratedEvent, 'myRole'>) => event.myRole !== 'SCANNER';

/**
 * The actions one event offers its viewer, in menu order. Block and verify are administrators' only
 * (the server refuses them to anyone else, so the console does not offer them).
 */
export function availableActions(event: ModeratedEvent, isAdmin: boolean): ModerationAction[] {
  if (!canManage(event)) return [];
  const actions: ModerationAction[] = [
    event.isArchived ? 'UNARCHIVE' : 'ARCHIVE',
    event.isReported ? 'UNREPORT' : 'REPORT',
  ];
  if (event.status !== 'CANCELLED' && event.status !== 'DRAFT' && event.status !== 'COMPLETED') {
    actions.push('CANCEL');
  }
  if (isAdmin) {
    actions.push(event.isBlocked ? 'UNBLOCK' : 'BLOCK', event.isVerified ? 'UNVERIFY' : 'VERIFY');
  }
  actions.push('DELETE');
  return actions.filter((a) => isAdmin || !ADMIN_EVENT_ACTIONS.includes(a as EventAction));
}

/** Bulk actions of the list: archive and delete for everyone; administrators also block and verify. */
export function bulkActions(isAdmin: boolean): EventAction[] {
  return isAdmin ? ['ARCHIVE', 'DELETE', 'BLOCK', 'VERIFY'] : ['ARCHIVE', 'DELETE'];
}
