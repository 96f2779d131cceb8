// Waiting lists: what the event screen links to.

export { WaitingListCard } from './components/WaitingListCard';
export { eventWaitingListPath } from './paths';
