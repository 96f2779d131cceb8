import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { maskRecipient } from '../../lib/mask-recipient.js';
import { type InfoLogger, recordInOutbox } from '../outbox/outbox.js';

/**
 * A file sent with an email. With `cid`, an inline part the HTML shows as `<img src="cid:…">` (mail
 * clients strip `data:` images; they show inline parts); without, an attachment the reader opens.
 */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the organizer of the event, for a buyer's tickets) instead of MAIL_FROM. */
  replyTo?: string;
  attachments?: EmailAttachment[];
}

/** The HTML with its inline parts as `data:` URLs: for a viewer of stored emails, not for a mail client. */
export function inlineAttachedImages(html: string, attachments: readonly EmailAttachment[] = []): string {
  let out = html;
  for (const file of attachments) {
    if (!file.cid) continue;
    const url = `data:${file.contentType};base64,${file.content.toString('base64')}`;
    out = out.split(`cid:${file.cid}`).join(url);
  }
  return out;
}

/** What the development outbox adds under the text: who replies are for and what is attached. */
function outboxNotes(email: Email): string {
  const lines: string[] = [];
  if (email.replyTo) lines.push(`Reply-To: ${email.replyTo}`);
  const files = (email.attachments ?? []).filter((file) => !file.cid);
  if (files.length) lines.push(`Attached: ${files.map((file) => file.filename).join(', ')}`);
  return lines.length ? `\n\n[${lines.join(' · ')}]` : '';
}

/** The port every feature sends email through (reset links, invitations …). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
  close?(): Promise<void>;
}

/** nodemailer over SMTP (`SMTP_URL`, e.g. smtp://user:pass@smtp.example.com:587), from `MAIL_FROM`. */
export function createSmtpMailer(options: { url: string; from: string; log: InfoLogger }): Mailer {
  // Required where SMTP is configured, not at every start (docs/performance.md, "Warm start").
  const mail = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
  const transport = mail.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(email) {
      const { attachments, replyTo, ...content } = email;
      const info = await transport.sendMail({
        from: options.from,
        ...content,
        ...(replyTo ? { replyTo } : {}),
        ...(attachments?.length
          ? {
              attachments: attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
                ...(file.cid ? { cid: file.cid, contentDisposition: 'inline' as const } : {}),
              })),
            }
          : {}),
      });
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
    // The viewer shows the HTML as it is stored: inline images become data: URLs there, and the
    // text notes the Reply-To and the attached files (the files themselves are not kept).
    send: (email) =>
      recordInOutbox(options.db, options.log, {
        channel: 'EMAIL',
        to: email.to,
        subject: email.subject,
        text: `${email.text}${outboxNotes(email)}`,
        html: inlineAttachedImages(email.html, email.attachments),
      }),
  };
}
