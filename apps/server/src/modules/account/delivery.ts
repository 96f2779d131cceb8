import { AppError } from '../../lib/errors.js';
import type { AccountDeps } from './deps.js';

/** Sends a message the caller waits for; a failing mail or SMS server is a 502 naming no internals. */
export async function deliver(deps: Pick<AccountDeps, 'log'>, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    deps.log.error({ err: error }, 'sending a message failed');
    throw new AppError(502, 'We could not send the message right now. Please try again in a few minutes.');
  }
}
