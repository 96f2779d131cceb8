import type {
  BulkRefundResult,
  DuePayment,
  RefundRequestStatus,
  RefundSource,
  RefundStatus,
} from '@marquee/contract';

/** The contract's states in words; typed by the contract's enums, so a new state must be named here. */
type BulkOutcome = BulkRefundResult['items'][number]['outcome'];

export const REQUEST_STATUS_LABELS: Record<RefundRequestStatus, string> = {
  REQUESTED: 'Waiting for a decision',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  PROCESSED: 'Refunded',
};
export const REQUEST_STATUS_COLORS: Record<RefundRequestStatus, string> = {
  REQUESTED: 'yellow',
  APPROVED: 'blue',
  DECLINED: 'red',
  PROCESSED: 'teal',
};
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  PENDING: 'Pending with the provider',
  PROCESSED: 'Refunded',
  FAILED: 'Failed',
};
export const REFUND_STATUS_COLORS: Record<RefundStatus, string> = {
  PENDING: 'yellow',
  PROCESSED: 'teal',
  FAILED: 'red',
};
export const REFUND_SOURCE_LABELS: Record<RefundSource, string> = {
  BUYER_REQUEST: "Buyer's request",
  ORGANIZER: 'Organizer',
  EVENT_CANCELLED: 'Event cancelled',
};
export const BULK_OUTCOME_LABELS: Record<BulkOutcome, string> = {
  PROCESSED: 'Refunded',
  PENDING: 'Pending with the provider',
  NOTHING_TO_REFUND: 'Nothing to refund',
  DUE_REQUIRED: 'Payment due first',
  FAILED: 'Failed',
};
export const BULK_OUTCOME_COLORS: Record<BulkOutcome, string> = {
  PROCESSED: 'teal',
  PENDING: 'yellow',
  NOTHING_TO_REFUND: 'gray',
  DUE_REQUIRED: 'orange',
  FAILED: 'red',
};
export const DUE_STATUS_LABELS: Record<DuePayment['status'], string> = {
  PENDING: 'Not paid yet',
  SUCCEEDED: 'Paid',
  FAILED: 'Payment failed',
};
