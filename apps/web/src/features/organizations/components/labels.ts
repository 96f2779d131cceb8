import type {
  MemberStatus,
  PayoutStatus,
  RefundApproval,
  RefundPolicy,
  ServiceFeePayer,
} from '@marquee/contract';

export const REFUND_POLICY_LABELS: Record<RefundPolicy, string> = {
  NONE: 'No refunds',
  UNTIL_HOURS_BEFORE_START: 'Until a number of hours before the start',
  ANY_TIME_BEFORE_START: 'Any time before the start',
};
export const REFUND_APPROVAL_LABELS: Record<RefundApproval, string> = {
  MANUAL: 'The organizer approves each request',
  AUTOMATIC: 'Approved automatically',
};
export const FEE_PAYER_LABELS: Record<ServiceFeePayer, string> = {
  BUYER: 'Buyer pays it on top of the price',
  ABSORBED: 'Organizer absorbs it',
};
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  INVITED: 'Invited',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};
export const MEMBER_STATUS_COLORS: Record<MemberStatus, string> = {
  INVITED: 'yellow',
  ACTIVE: 'teal',
  INACTIVE: 'gray',
};
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  NOT_STARTED: 'Not set up',
  PENDING: 'Onboarding pending',
  ACTIVE: 'Active',
  RESTRICTED: 'Restricted',
};
export const PAYOUT_STATUS_COLORS: Record<PayoutStatus, string> = {
  NOT_STARTED: 'gray',
  PENDING: 'yellow',
  ACTIVE: 'teal',
  RESTRICTED: 'red',
};

export const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/** Every ISO 4217 code the browser knows, for the currency picker. */
export function currencyOptions(): string[] {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['USD', 'EUR', 'GBP'];
  }
}
