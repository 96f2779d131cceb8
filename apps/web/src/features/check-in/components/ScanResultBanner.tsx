import { Badge, Box, Stack } from '@mantine/core';
import { SCAN_RESULT_LABELS, type ScanOutcome, type ScanSource } from '@marquee/contract';

/**
 * How the earlier admission was made, in the door's words: the history's source labels describe a line
 * once it has reached the server ("Synced from offline"), which an admission on this device may not have yet.
 */
const HOW_ADMITTED: Record<Exclude<ScanSource, 'ONLINE'>, string> = {
  OFFLINE: 'admitted offline',
  MANUAL: 'marked by hand',
};

import { formatTime } from '@marquee/time';
import type { DoorResult } from '../door';
import { resultStyle } from './result-style';
import classes from './ScanResultBanner.module.css';

/** Results whose server sentence says more than the ticket's lines (which date, or nothing found). */
const SAYS_MORE: ReadonlySet<string> = new Set(['WRONG_DATE', 'WRONG_EVENT', 'NOT_FOUND']);

function TicketLines({ outcome, zone }: { outcome: ScanOutcome; zone: string }) {
  const { ticket, previous } = outcome;
  return (
    <>
      {ticket && (
        <>
          <div className={classes.name} data-testid="scan-result-name">
            {ticket.attendeeName ?? ticket.buyerName}
          </div>
          <div className={classes.line}>{`${ticket.ticketTypeName} · Order ${ticket.bookingCode}`}</div>
        </>
      )}
      {outcome.result === 'ALREADY_SCANNED' && previous && (
        <div className={classes.line} data-testid="scan-result-previous">
          {`Scanned at ${formatTime(previous.at, zone)}${previous.by ? ` by ${previous.by}` : ''}`}
          {previous.deviceId && (
            <>
              {' on '}
              <span className={classes.device}>{previous.deviceId}</span>
            </>
          )}
          {previous.source === 'ONLINE' ? '' : ` (${HOW_ADMITTED[previous.source]})`}
        </div>
      )}
      {SAYS_MORE.has(outcome.result) && <div className={classes.line}>{outcome.message}</div>}
    </>
  );
}

/**
 * The last scan's result, full width and large enough to read from a metre away: green admitted, amber
 * already scanned (when and by whom), red refused with the reason. `sequence` counts results, so a
 * second identical result still flashes as new.
 */
export function ScanResultBanner({
  result,
  failure,
  sequence,
  zone,
}: {
  result: DoorResult | null;
  /** Why the last code could not be decided at all (no answer from the server). */
  failure: string | null;
  sequence: number;
  zone: string;
}) {
  const outcome = failure ? null : (result?.outcome ?? null);
  const style = failure ? resultStyle('NOT_FOUND') : resultStyle(outcome?.result ?? null);
  return (
    <Box
      role="status"
      className={classes.banner}
      style={{ background: style.background, color: style.color }}
      data-testid={outcome ? 'scan-result' : failure ? 'scan-failure' : 'scan-idle'}
      data-result={outcome?.result}
      data-offline={outcome ? String(result?.offline ?? false) : undefined}
    >
      <Stack gap={4} key={sequence} className={sequence > 0 ? classes.fresh : undefined}>
        {failure ? (
          <>
            <div className={classes.title}>Not checked</div>
            <div className={classes.line}>{failure}</div>
          </>
        ) : outcome ? (
          <>
            <div className={classes.title} data-testid="scan-result-title">
              {SCAN_RESULT_LABELS[outcome.result]}
              {result?.offline && (
                <Badge
                  component="span"
                  ml="sm"
                  size="lg"
                  variant="white"
                  color="dark"
                  className={classes.badge}
                  data-testid="scan-result-offline"
                >
                  Offline
                </Badge>
              )}
            </div>
            <TicketLines outcome={outcome} zone={zone} />
          </>
        ) : (
          <>
            <div className={classes.title}>Ready to scan</div>
            <div className={classes.line}>Scan a ticket or type its code.</div>
          </>
        )}
      </Stack>
    </Box>
  );
}
