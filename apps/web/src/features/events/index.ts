// The events feature's public surface for other features.

export { useLinkableEventOptions } from './api/event-options';
export { AFTER_EVENT_CHANGE, eventKeys } from './api/keys';
export { MemberEventsSection } from './components/team/MemberEventsSection';
