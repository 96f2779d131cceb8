import type { Email } from '../../adapters/mailer/mailer.js';
import type { SmsMessage } from '../../adapters/sms/sms.js';
import type { Change } from '../../db/unit-of-work.js';
import { enqueueMessage, type OutgoingMessage } from './repo.js';

type Meta = Omit<OutgoingMessage, 'channel' | 'recipient' | 'data' | 'secrets'> & {
  data?: Record<string, unknown>;
};

/**
 * A message whose content costs nothing to write (text, no images), written in the change and sent
 * as it is. The content often carries a link with a secret (an invitation, a code), so it is kept with
 * the message's secrets: wiped once sent.
 */
export function enqueueEmail(change: Change, email: Email, meta: Meta): Promise<void> {
  const { to, ...content } = email;
  return enqueueMessage(change, {
    ...meta,
    channel: 'EMAIL',
    recipient: to,
    data: meta.data ?? {},
    secrets: { content: JSON.stringify(content) },
  });
}

export function enqueueSms(change: Change, sms: SmsMessage, meta: Meta): Promise<void> {
  return enqueueMessage(change, {
    ...meta,
    channel: 'SMS',
    recipient: sms.to,
    data: meta.data ?? {},
    secrets: { content: JSON.stringify({ text: sms.text }) },
  });
}
