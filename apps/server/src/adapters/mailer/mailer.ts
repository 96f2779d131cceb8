import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { maskRecipient } from '../../lib/mask-recipient.js';
import { type InfoLogger, recordInOutbox } from '../outbox/outbox.js';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The port every feature sends email through (reset links, invitations …). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
  close?(): Promise<void>;
}

/** nodemailer over SMTP (`SMTP_URL`, e.g. smtp://user:pass@smtp.example.com:587), from `MAIL_FROM`. */
export function createSmtpMailer(options: { url: string; from: string; log: InfoLogger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(email) {
      const info = await transport.sendMail({ from: options.from, ...email });
      // The body is not logged: it carries secrets such as reset links; nor is the whole address.
      options.log.info(
        { mail: { to: maskRecipient(email.to), messageId: info.messageId } },
        `email sent: ${email.subject}`,
      );
    },
    async close() {
      transport.close();
    },
  };
}

export function createOutboxMailer(options: { db: Db; log: InfoLogger }): Mailer {
  return {
    kind: 'outbox',
    send: (email) => recordInOutbox(options.db, options.log, { channel: 'EMAIL', ...email }),
  };
}
