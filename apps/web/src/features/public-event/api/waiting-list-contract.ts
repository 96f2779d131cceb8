/**
 * Joining a waiting list's contract, for `import()` only: the waiting lists' schemas (most of them the
 * organizers') are built when a buyer joins, not while the event page loads.
 */
export { joinWaitingList } from '@marquee/contract';
