/** The rows the module's commands and pure rules handle, as the schema declares them. */
export type {
  BookingRow,
  DuePaymentRow,
  EventRefundJobRow,
  OrganizationRow,
  RefundRequestRow,
  RefundRow,
  TicketRow,
} from '../../../db/schema/index.js';
