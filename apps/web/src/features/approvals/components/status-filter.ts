/** The queues' status filter: empty is the server's default, the pending queue. */
export const APPROVAL_STATUS_FILTER = [
  { value: '', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];

export function emptyQueueMessage(status: string | undefined, what: string): string {
  if (!status) return `No ${what} are waiting for review.`;
  return `No ${status === 'APPROVED' ? 'approved' : 'rejected'} ${what} yet.`;
}
