import type { Db } from '../../db/client.js';
import { maskRecipient } from '../../lib/mask-recipient.js';
import { type InfoLogger, recordInOutbox } from '../outbox/outbox.js';

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  text: string;
}

/** The port every feature sends SMS through. */
export interface SmsSender {
  readonly kind: 'gateway' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

export class SmsGatewayError extends Error {}

/**
 * An SMS gateway speaking Twilio's Messages REST API: `POST {url}/2010-04-01/Accounts/{sid}/Messages.json`,
 * form fields To, From, Body, HTTP basic auth `sid:token`. Other gateways offering the same shape work too.
 */
export function createHttpSmsGateway(options: {
  gatewayUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  log: InfoLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): SmsSender {
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = `${options.gatewayUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    kind: 'gateway',
    async send(message) {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.text }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const text = await response.text();
      if (!response.ok) {
        throw new SmsGatewayError(`SMS gateway answered ${response.status}: ${text.slice(0, 300)}`);
      }
      let sid: string | undefined;
      try {
        sid = (JSON.parse(text) as { sid?: string }).sid;
      } catch {
        sid = undefined;
      }
      options.log.info({ sms: { to: maskRecipient(message.to), sid } }, 'sms sent');
    },
  };
}

export function createOutboxSms(options: { db: Db; log: InfoLogger }): SmsSender {
  return {
    kind: 'outbox',
    send: (message) => recordInOutbox(options.db, options.log, { channel: 'SMS', ...message }),
  };
}
