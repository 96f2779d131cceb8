import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives. While `state.down` it
 * refuses every connection (421), as a mail server that is down or overloaded does.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { down: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!state.down) return callback();
      callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedSms {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** A local HTTP server standing in for a Twilio-shaped SMS gateway. `failNext` makes it answer 500 once. */
export async function startSmsGateway() {
  const received: ReceivedSms[] = [];
  const state = { failNext: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (state.failNext) {
        state.failNext = false;
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"gateway down"}');
        return;
      }
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of the last SMS sent to a number. */
export function lastCodeFor(received: ReceivedSms[], to: string): string {
  const sms = [...received].reverse().find((m) => m.form.To === to);
  const code = sms?.form.Body?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}
