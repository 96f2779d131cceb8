/** Leaving the console for the payment page; an object so tests can watch the navigation. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export { newIdempotencyKey } from '../../../lib/idempotency-key';
