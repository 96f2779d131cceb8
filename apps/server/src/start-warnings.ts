import { DEV_CLIENT_CREDENTIALS } from '@marquee/contract';
import type { Config } from './config.js';

/**
 * What a production server (NODE_ENV=production, as `npm start` sets) runs on that is meant for
 * development only, each with what to set to leave it. Said at start in the log and in the banner, so
 * that nobody takes the sandbox's "payments" or the repository's client credentials for real ones.
 */
export function productionWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  const { stripe } = config.payments;
  if (!stripe) {
    warnings.push(
      'Payments run on the sandbox provider: no card is charged, orders are "paid" with test cards. ' +
        'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.',
    );
  } else if (!stripe.webhookSecret) {
    warnings.push(
      "Stripe's webhooks are refused (STRIPE_WEBHOOK_SECRET is not set): no Stripe payment confirms an order. " +
        'Set STRIPE_WEBHOOK_SECRET to the signing secret of the webhook endpoint.',
    );
  }
  const development = [
    ['CLIENT_ID', config.client.id === DEV_CLIENT_CREDENTIALS.clientId],
    ['CLIENT_SECRET', config.client.secret === DEV_CLIENT_CREDENTIALS.clientSecret],
    ['SECRET_KEY', config.client.secretKey === DEV_CLIENT_CREDENTIALS.secretKey],
  ]
    .filter(([, isDefault]) => isDefault)
    .map(([name]) => name);
  if (development.length > 0) {
    warnings.push(
      `The web client's development credentials are in use (${development.join(', ')} not set), as published in the repository. ` +
        'Set CLIENT_ID, CLIENT_SECRET and SECRET_KEY, and the same as VITE_CLIENT_ID, VITE_CLIENT_SECRET and VITE_SECRET_KEY when building the console.',
    );
  }
  return warnings;
}
