/**
 * The cancellation refund screens (docs/routes.md, "Orders"): they sit under an event's orders, but live
 * in their own feature. Static segments (`events`, `refund`, `confirm`) rank above the orders' `:bookingId`.
 */
export const REFUND_PATHS = {
  issueEventRefund: '/orders/events/:eventId/refund',
  confirmEventRefund: '/orders/events/:eventId/refund/confirm',
} as const;

const id = encodeURIComponent;

/** `?refundServiceFee=true|false` carries the fee choice from the plan to the confirmation. */
const feeSearch = (refundServiceFee?: boolean) =>
  refundServiceFee === undefined ? '' : `?refundServiceFee=${refundServiceFee}`;

export const issueEventRefundPath = (eventId: string, refundServiceFee?: boolean) =>
  `/orders/events/${id(eventId)}/refund${feeSearch(refundServiceFee)}`;
export const confirmEventRefundPath = (eventId: string, refundServiceFee?: boolean) =>
  `/orders/events/${id(eventId)}/refund/confirm${feeSearch(refundServiceFee)}`;
