import type { Db } from '../../db/client.js';
import { installationSecret, SANDBOX_WEBHOOK_SECRET_NAME } from '../../db/installation-secrets.repo.js';
import { AppError } from '../../lib/errors.js';

/** The secret the sandbox signs its webhooks with and checks them against. */
export interface WebhookSecret {
  /** Reads it (once; a failed read is tried again next time). */
  load(): Promise<string>;
  /** The value once loaded; before, a 503 (and a read started for the retry). */
  current(): string;
}

/**
 * SANDBOX_WEBHOOK_SECRET when set, else the installation's own, made at its first start: no value
 * written in the repository can sign a payment's confirmation on any server (docs/security.md).
 * It is read after the migrations (the app's onReady), since the table may not exist before.
 */
export function sandboxWebhookSecret(db: Db, configured?: string): WebhookSecret {
  let value = configured;
  let loading: Promise<string> | undefined;
  return {
    async load() {
      if (value) return value;
      loading ??= installationSecret(db, SANDBOX_WEBHOOK_SECRET_NAME).then(
        (read) => {
          value = read;
          return read;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current() {
      if (!value) {
        // Read it now for the retry; this call says "busy" meanwhile.
        this.load().catch(() => {});
        throw new AppError(
          503,
          'The server is still starting; the webhook will be accepted shortly.',
          undefined,
          {
            'retry-after': '5',
          },
        );
      }
      return value;
    },
  };
}
