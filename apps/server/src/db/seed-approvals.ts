import { eq } from 'drizzle-orm';
import type { MediaStorage } from '../adapters/media-storage/index.js';
import { createMediaService } from '../modules/media/index.js';
import type { DbOrTx } from './client.js';
import { nonProfitExemptions, organizations, organizerRequestDetails, users } from './schema/index.js';
import { comingWeekday, sessionAt } from './seed-event-dates.js';
import { insertEvent, loadLookups } from './seed-events.js';

const DAY_MS = 86_400_000;

/** Email → when the demo account signed up, in days before the seeding (the sign-ups chart has a shape). */
const SIGNED_UP_DAYS_AGO: Record<string, number> = {
  'priya@example.com': 2,
  'marco@example.com': 5,
  'rita@example.com': 12,
  'charity@example.com': 40,
};

/** A one-page PDF: the demo exemption's supporting document. */
function demoCertificate(): Buffer {
  const text = 'Harbor Community Choir - certificate of non-profit registration NP-2026-0417';
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Pending work for the administrators' queues (docs/approvals.md): two organizer requests waiting
 * (Priya, Marco), one rejected with its reason (Rita), and Carla, an approved organizer whose choir has
 * a published paid event and whose non-profit exemption waits with its document.
 */
export async function seedApprovals(tx: DbOrTx, options: { media?: MediaStorage; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const byEmail = async (email: string) => {
    const user = await tx.query.users.findFirst({ where: eq(users.email, email) });
    if (!user) throw new Error(`demo account missing: ${email}`);
    return user;
  };
  for (const [email, days] of Object.entries(SIGNED_UP_DAYS_AGO)) {
    const at = new Date(now.getTime() - days * DAY_MS);
    await tx.update(users).set({ createdAt: at, updatedAt: at }).where(eq(users.email, email));
  }
  const admin = await byEmail('admin@example.com');
  // One after another: `tx` is one connection, which runs one query at a time.
  const priya = await byEmail('priya@example.com');
  const marco = await byEmail('marco@example.com');
  const rita = await byEmail('rita@example.com');
  const carla = await byEmail('charity@example.com');

  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await tx.insert(organizerRequestDetails).values([
    {
      userId: marco.id,
      organizationName: 'Trattoria Cooking School',
      description:
        'Hands-on Italian cooking classes for groups of up to twelve: fresh pasta on Tuesdays, regional menus on Saturdays.',
      website: 'https://trattoria-school.example',
      phone: '+15550100021',
      submittedAt: daysAgo(4),
    },
    {
      userId: priya.id,
      organizationName: 'Lotus Yoga Collective',
      description:
        'Weekly vinyasa and restorative yoga classes in the park pavilion, plus two weekend retreats a year.',
      website: 'https://lotus-yoga.example',
      phone: '+15550100022',
      submittedAt: daysAgo(1),
    },
    {
      userId: rita.id,
      organizationName: 'Rita’s Raffles',
      description: 'Raffle nights with prizes, tickets sold at the door and online.',
      website: null,
      phone: '+15550100023',
      submittedAt: daysAgo(11),
      decidedAt: daysAgo(10),
      decidedBy: admin.id,
      decisionReason: 'Raffles and lotteries are not events we can sell tickets for.',
    },
  ]);

  const [choir] = await tx
    .insert(organizations)
    .values({
      ownerId: carla.id,
      name: 'Harbor Community Choir',
      description: 'A volunteer community choir singing by the harbor since 1998. Everyone is welcome.',
      contactEmail: 'sing@harbor-choir.example',
      contactPhone: '+1 555 010 0400',
      address: '3 Harbor Lane, Springfield',
      website: 'https://harbor-choir.example',
      socialLinks: { facebook: null, instagram: null, x: null, linkedin: null, youtube: null, tiktok: null },
      currency: 'USD',
      timeZone: 'America/New_York',
    })
    .returning();
  if (!choir) throw new Error('demo choir not created');
  const zone = 'America/New_York';
  const lookups = await loadLookups(tx, carla.id, options.media);
  await insertEvent(
    tx,
    choir.id,
    {
      kind: 'SINGLE',
      title: 'Harbor Community Choir: Winter Concert',
      description:
        'Carols, gospel and a sing-along finale in the harbor chapel. Proceeds fund the choir’s school outreach.',
      category: 'Music',
      location: {
        type: 'VENUE',
        venueName: 'Harbor Chapel',
        address: '5 Harbor Lane, Springfield, MA 01103',
        latitude: 42.1001,
        longitude: -72.5903,
      },
      timeZone: zone,
      status: 'PUBLISHED',
      imageColor: '#1c7ed6',
      sessions: [sessionAt(comingWeekday(now, zone, 6, 2), '19:00', 120, zone)],
      ticketTypes: [
        { pricing: 'PAID', name: 'Adult', price: 1800, quantity: 150, maxPerOrder: 8 },
        { pricing: 'PAID', name: 'Student', price: 900, quantity: 50, maxPerOrder: 4 },
      ],
    },
    lookups,
    now,
    undefined,
  );

  const documentUrl = options.media
    ? (
        await createMediaService({ storage: options.media }).storeDocument(
          demoCertificate(),
          'registration.pdf',
        )
      ).url
    : 'https://harbor-choir.example/registration.pdf';
  await tx.insert(nonProfitExemptions).values({
    userId: carla.id,
    legalName: 'Harbor Community Choir Inc.',
    registrationNumber: 'NP-2026-0417',
    documentUrl,
    status: 'PENDING',
    submittedAt: daysAgo(3),
  });
}
