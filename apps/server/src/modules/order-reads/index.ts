/**
 * The order and ticket read model several modules share (orders, user management, the audit log,
 * check-in, refunds): how an order or ticket row is selected, searched, scoped to an actor, filtered and
 * shown. It registers no routes.
 */
export { type OrderRowData, type TicketRowData, toOrderSummary, toTicketRow } from './order-items.js';
export { orderDetail } from './queries/order-detail.js';
export * from './queries/orders.js';
export * from './queries/tickets.js';
