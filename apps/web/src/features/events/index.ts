// The events feature's public surface for other features.

export { AFTER_EVENT_CHANGE, eventKeys } from './api/keys';
export { MemberEventsSection } from './components/team/MemberEventsSection';
