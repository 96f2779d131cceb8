import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { users } from './schema/index.js';
import { seedContent } from './seed-content.js';

/** Demo verified mobile numbers, so password recovery by SMS can be tried at once (README lists them). */
export const DEMO_PHONES = [
  { email: 'admin@example.com', phone: '+15550100001' },
  { email: 'organizer@example.com', phone: '+15550100002' },
] as const;

export async function seedAccount(tx: DbOrTx): Promise<void> {
  for (const { email, phone } of DEMO_PHONES) {
    await tx.update(users).set({ phone, phoneVerified: true }).where(eq(users.email, email));
  }
  await seedContent(tx);
}
