/** The status filter; '' is every status. */
export const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'PENDING', label: 'Waiting' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'SENT', label: 'Sent' },
];

export const STATUS_LABELS: Record<string, string> = { PENDING: 'Waiting', FAILED: 'Failed', SENT: 'Sent' };
export const STATUS_COLORS: Record<string, string> = { PENDING: 'yellow', FAILED: 'red', SENT: 'teal' };

/** The kinds of message the server enqueues (docs/operations.md, "Outgoing messages"). */
export const KIND_LABELS: Record<string, string> = {
  'order-confirmation': 'Order confirmation',
  'refund-processed': 'Refund processed',
  'refund-request-received': 'Refund request received',
  'refund-request-declined': 'Refund request declined',
  'refund-request-approved': 'Refund request approved',
  'cancellation-notice': 'Cancellation notice',
  invitation: 'Invitation',
  'organizer-decision': 'Organizer decision',
  'non-profit-decision': 'Non-profit decision',
  'account-blocked': 'Account blocked',
  'account-unblocked': 'Account unblocked',
  'email-changed-notice': 'Email changed notice',
  'organizer-request-notice': 'Organizer request notice',
};

export const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
];

export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;
