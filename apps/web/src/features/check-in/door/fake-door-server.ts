import type { OfflineTicket, ScanOutcome, ScanResult, TicketStatus } from '@marquee/contract';
import { HttpError } from '../../../lib/http';
import type { DoorCalls } from './door-client';
import { hashTicketCode } from './local-decision';

export interface FakeTicket {
  ticketId: string;
  code: string;
  status: TicketStatus;
  occurrenceId: string | null;
  attendeeName: string;
}

/**
 * A stand-in for the check-in server in the door's unit tests, deciding as `checkin_scan` does
 * (apps/server/drizzle/0014_checkin_scan_function.sql): nonce first, then ticket, status, date, and one
 * admission per ticket and date. The real server is tested against PostgreSQL on its side.
 */
export function fakeDoorServer(eventId: string, tickets: FakeTicket[]) {
  const byNonce = new Map<string, ScanOutcome>();
  const admissions = new Map<string, { scanId: string; at: string; deviceId: string }>();
  const log: { call: keyof DoorCalls; size?: number }[] = [];
  let down = false;
  /** Answers the next sync with only this many outcomes (a server cut short), once. */
  let answerOnly: number | null = null;

  function decide(
    scan: { occurrenceId: string; code: string; nonce: string; scannedAt: string; deviceId: string },
    localAdmitted: boolean,
  ): ScanOutcome {
    const seen = byNonce.get(scan.nonce);
    if (seen) return { ...seen, replayed: true };
    const ticket = tickets.find((t) => t.code === scan.code);
    let result: ScanResult;
    let previous: ScanOutcome['previous'] = null;
    const key = `${ticket?.ticketId}/${scan.occurrenceId}`;
    if (!ticket) result = 'NOT_FOUND';
    else if (ticket.status === 'REFUNDED') result = 'REFUNDED';
    else if (ticket.status === 'CANCELLED') result = 'CANCELLED';
    else if (ticket.occurrenceId !== null && ticket.occurrenceId !== scan.occurrenceId) result = 'WRONG_DATE';
    else {
      const first = admissions.get(key);
      if (first) {
        result = 'ALREADY_SCANNED';
        previous = { at: first.at, by: 'Someone', deviceId: first.deviceId, source: 'ONLINE' };
      } else {
        result = 'ADMITTED';
        admissions.set(key, { scanId: scan.nonce, at: scan.scannedAt, deviceId: scan.deviceId });
      }
    }
    const outcome: ScanOutcome = {
      scanId: scan.nonce,
      nonce: scan.nonce,
      result,
      message: result,
      ticket:
        ticket && result !== 'NOT_FOUND'
          ? {
              _id: ticket.ticketId,
              attendeeName: ticket.attendeeName,
              buyerName: 'Buyer',
              ticketTypeName: 'General',
              bookingCode: 'MQ-1',
              status: ticket.status,
              occurrence: ticket.occurrenceId ? { _id: ticket.occurrenceId, startsAt: '' } : null,
            }
          : null,
      previous,
      scannedAt: scan.scannedAt,
      replayed: false,
      conflict: localAdmitted && result !== 'ADMITTED',
    };
    byNonce.set(scan.nonce, outcome);
    return outcome;
  }

  const unreachable = () =>
    new HttpError('unreachable', 0, "Couldn't connect to the server. Please try again");

  const calls: DoorCalls = {
    async scanTicket(body) {
      log.push({ call: 'scanTicket' });
      if (down) throw unreachable();
      return decide({ ...body, scannedAt: new Date().toISOString() }, false);
    },
    async syncOfflineScans(body) {
      log.push({ call: 'syncOfflineScans', size: body.scans.length });
      if (down) throw unreachable();
      let outcomes = body.scans.map((scan) =>
        decide({ ...scan, deviceId: body.deviceId }, scan.localResult === 'ADMITTED'),
      );
      if (answerOnly !== null) {
        outcomes = outcomes.slice(0, answerOnly);
        answerOnly = null;
      }
      return { outcomes, conflicts: outcomes.filter((o) => o.conflict && !o.replayed).length };
    },
    async offlineList({ occurrenceId }) {
      log.push({ call: 'offlineList' });
      if (down) throw unreachable();
      const listed: OfflineTicket[] = await Promise.all(
        tickets.map(async (t) => {
          const admission = admissions.get(`${t.ticketId}/${occurrenceId}`);
          return {
            codeHash: await hashTicketCode(t.code),
            ticketId: t.ticketId,
            status: t.status,
            attendeeName: t.attendeeName,
            buyerName: 'Buyer',
            ticketTypeName: 'General',
            bookingCode: 'MQ-1',
            occurrenceId: t.occurrenceId,
            occurrenceStartsAt: null,
            admittedAt: admission?.at ?? null,
            admission: admission
              ? { at: admission.at, by: null, deviceId: admission.deviceId, source: 'ONLINE' as const }
              : null,
          };
        }),
      );
      return { eventId, occurrenceId, generatedAt: new Date().toISOString(), tickets: listed };
    },
    async probe() {
      log.push({ call: 'probe' });
      if (down) throw unreachable();
    },
  };

  return {
    calls,
    log,
    /** The ticket is in on that date (this stand-in, like the server, keeps one admission per date). */
    isAdmitted: (ticketId: string, occurrenceId: string) => admissions.has(`${ticketId}/${occurrenceId}`),
    /** A ticket let in by another device meanwhile. */
    admitElsewhere: (ticketId: string, occurrenceId: string) =>
      admissions.set(`${ticketId}/${occurrenceId}`, {
        scanId: crypto.randomUUID(),
        at: new Date().toISOString(),
        deviceId: 'Door-OTHER1',
      }),
    setDown: (value: boolean) => {
      down = value;
    },
    answerOnlyNext: (count: number) => {
      answerOnly = count;
    },
  };
}
