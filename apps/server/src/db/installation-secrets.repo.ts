import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { installationSecrets } from './schema/index.js';

/** The sandbox payments provider's webhook signing secret (unless SANDBOX_WEBHOOK_SECRET is set). */
export const SANDBOX_WEBHOOK_SECRET_NAME = 'sandbox-webhook';

/**
 * This installation's secret of that name, made (256 random bits) by whichever process asks first.
 * Processes starting together on one database each offer a value; the primary key keeps the first
 * one committed and every process reads that one back, so all of them agree.
 */
export async function installationSecret(db: DbOrTx, name: string): Promise<string> {
  await db
    .insert(installationSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: installationSecrets.name });
  const [row] = await db
    .select({ value: installationSecrets.value })
    .from(installationSecrets)
    .where(eq(installationSecrets.name, name));
  if (!row) throw new Error(`the installation secret ${name} vanished after its creation`);
  return row.value;
}
