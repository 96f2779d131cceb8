/** What a provider says it charged: minor units and an ISO 4217 code in any case, or null when unsaid. */
export interface ReportedCharge {
  amount: number | null;
  currency: string | null;
}

/**
 * Why a provider's confirmation does not match the payment the product asked for, or null when it
 * does. A confirmation that does not say what was charged matches nothing: whatever else it says, the
 * product confirms an order only for the amount and currency of its own payment row.
 */
export function chargeMismatch(
  expected: { amount: number; currency: string },
  reported: ReportedCharge,
): string | null {
  if (reported.amount === null || reported.currency === null)
    return 'the confirmation does not say which amount and currency were charged';
  const currency = reported.currency.toUpperCase();
  if (currency !== expected.currency.toUpperCase())
    return `charged in ${currency} instead of ${expected.currency.toUpperCase()}`;
  if (reported.amount !== expected.amount)
    return `charged ${reported.amount} instead of ${expected.amount} (minor units of ${currency})`;
  return null;
}
