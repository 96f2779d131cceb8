import type { DbOrTx } from './client.js';
import { contents } from './schema/index.js';

/** The content pages every installation starts with; editing them later keeps the edits. */
export const DEFAULT_CONTENT = [
  {
    key: 'terms',
    title: 'Terms of use',
    body: [
      'These terms govern your use of Marquee, the organizer and admin console of our events marketplace.',
      'You are responsible for the events you publish: their descriptions, dates, prices and the refunds you promise. Keep your account details and password to yourself; actions taken with your account are yours.',
      'Ticket money is collected by the marketplace and paid out to organizers after the service fee. Refunds follow the refund setting of the organization that sold the ticket.',
      'We may suspend accounts or events that break the law or these terms. We will tell you why when we can.',
      'Questions about these terms: support@marquee.example.',
    ].join('\n\n'),
  },
  {
    key: 'privacy',
    title: 'Privacy policy',
    body: [
      'We keep what we need to run your events: your name, email address, username, mobile number if you add one, and the orders and tickets of your events.',
      'Passwords are stored only as salted hashes. Verification codes and reset links are stored hashed and expire within an hour.',
      'Buyers’ details are shared with the organizer of the event they booked, for entry and refunds, and with nobody else except our payment provider.',
      'You can ask for a copy of your data or for its deletion at privacy@marquee.example.',
    ].join('\n\n'),
  },
  {
    key: 'about',
    title: 'About Marquee',
    body: 'Marquee helps organizers run ticketed events and classes: publishing, selling, refunds and door scanning, in one console.',
  },
  {
    key: 'faq',
    title: 'Frequently asked questions',
    body: [
      'How do I reset my password? Use "Forgot password?" on the sign-in page: we send a code to your verified mobile number or a link to your email address.',
      'Why verify my mobile number? It lets you recover your account by SMS.',
    ].join('\n\n'),
  },
] as const;

/** Inserts the default pages that are missing (safe to run at every start). */
export async function seedContent(tx: DbOrTx): Promise<void> {
  await tx
    .insert(contents)
    .values([...DEFAULT_CONTENT])
    .onConflictDoNothing();
}
