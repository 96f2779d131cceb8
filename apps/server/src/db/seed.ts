import { count } from 'drizzle-orm';
import type { MediaStorage } from '../adapters/media-storage/index.js';
import { hashPassword } from '../lib/passwords.js';
import { payOutCompletedEvents } from '../modules/refunds/index.js';
import type { Db } from './client.js';
import { rebuildRollups } from './rollup.js';
import { users } from './schema/index.js';
import { seedAccount } from './seed-account.js';
import { seedApprovals } from './seed-approvals.js';
import { seedCatalog } from './seed-catalog.js';
import { seedEvents } from './seed-events.js';
import { type SeededOrders, type SellingSettings, seedOrders } from './seed-orders.js';
import { DEMO_MEMBER, seedOrganizations } from './seed-organizations.js';

/** The demo accounts; the README lists the same. */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@example.com',
    password: 'Admin#12345',
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'ADMIN',
    status: 'ACTIVE',
    organizerRequest: 'NONE',
    note: 'administrator',
  },
  {
    email: 'organizer@example.com',
    password: 'Organizer#12345',
    username: 'organizer',
    firstName: 'Olivia',
    lastName: 'Organizer',
    role: 'USER',
    status: 'ACTIVE',
    organizerRequest: 'APPROVED',
    note: 'approved organizer',
  },
  {
    email: 'buyer@example.com',
    password: 'Buyer#12345',
    username: 'buyer',
    firstName: 'Ben',
    lastName: 'Buyer',
    role: 'USER',
    status: 'ACTIVE',
    organizerRequest: 'NONE',
    note: 'plain user, organizer request NONE',
  },
  {
    email: 'blocked@example.com',
    password: 'Blocked#12345',
    username: 'blocked',
    firstName: 'Bill',
    lastName: 'Blocked',
    role: 'USER',
    status: 'BLOCKED',
    organizerRequest: 'APPROVED',
    note: 'blocked',
  },
  {
    email: 'priya@example.com',
    password: 'Priya#12345',
    username: 'priya',
    firstName: 'Priya',
    lastName: 'Patel',
    role: 'USER',
    status: 'ACTIVE',
    organizerRequest: 'PENDING',
    note: 'organizer request PENDING (Lotus Yoga Collective)',
  },
  {
    email: 'marco@example.com',
    password: 'Marco#12345',
    username: 'marco',
    firstName: 'Marco',
    lastName: 'Rossi',
    role: 'USER',
    status: 'ACTIVE',
    organizerRequest: 'PENDING',
    note: 'organizer request PENDING (Trattoria Cooking School)',
  },
  {
    email: 'rita@example.com',
    password: 'Rita#12345',
    username: 'rita',
    firstName: 'Rita',
    lastName: 'Reyes',
    role: 'USER',
    status: 'ACTIVE',
    organizerRequest: 'REJECTED',
    note: 'organizer request REJECTED, with the reason',
  },
  {
    email: 'charity@example.com',
    password: 'Charity#12345',
    username: 'charity',
    firstName: 'Carla',
    lastName: 'Charity',
    role: 'USER',
    status: 'ACTIVE',
    organizerRequest: 'APPROVED',
    note: 'organizer of "Harbor Community Choir", non-profit exemption PENDING',
  },
] as const;

export interface SeedOptions {
  media?: MediaStorage;
  now?: Date;
  /** The configuration's checkout settings for the demo orders (default: the configuration's defaults). */
  selling?: SellingSettings;
  /** Told how many demo orders were made (the seeding CLI prints it). */
  onOrders?: (orders: SeededOrders) => void;
}

/**
 * Seeds demo data into an empty database; returns false when there were users already. A demo
 * database from before events (or selling) existed still gets the demo events and orders (once: see
 * seedEvents, seedOrders). The orders come after the events' transaction has committed: they are made
 * through the checkout, which runs transactions of its own, one short one per order.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const created = await seedAccountsAndEvents(db, options);
  const orders = await seedOrders(db, options);
  // Sales of completed events are paid out (docs/refunds.md), as the scheduler would. The demo orders
  // are all on dates still ahead, so this finds nothing until those events have ended.
  const now = options.now ?? new Date();
  await payOutCompletedEvents(db, { now: () => now }, now);
  // The demo's orders and accounts are dated in the past: hours the dashboards' roll-ups may have closed
  // already (a database started before without the demo) are summed again (db/rollup.ts).
  if (created || orders.created > 0) await rebuildRollups(db, now);
  options.onOrders?.(orders);
  return created;
}

async function seedAccountsAndEvents(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) {
    await db.transaction((tx) => seedEvents(tx, options));
    return false;
  }
  await db.transaction(async (tx) => {
    for (const { password, note: _note, ...account } of DEMO_ACCOUNTS) {
      await tx.insert(users).values({ ...account, passwordHash: await hashPassword(password) });
    }
    await seedCatalog(tx, options.media);
    await seedAccount(tx);
    await seedOrganizations(tx);
    await seedEvents(tx, options);
    await seedApprovals(tx, options);
  });
  return true;
}

export function describeDemoAccounts(): string {
  return [...DEMO_ACCOUNTS, DEMO_MEMBER]
    .map((a) => `  ${a.email.padEnd(24)} ${a.password.padEnd(16)} ${a.note}`)
    .join('\n');
}
