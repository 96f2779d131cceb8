import { CHECK_IN_LIVE_PATH, type CheckInLiveMessage } from '@marquee/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { rawRequest, toSearch } from '../../../lib/http';
import { checkInKeys } from '../api/keys';
import { conflictFromLive, type DoorConflict } from './conflicts';
import { readLiveStream } from './read-live-stream';

/** `live`: connected and receiving; `connecting`: first attempt; `reconnecting`: lost, trying again. */
export type LiveState = 'connecting' | 'live' | 'reconnecting';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A burst of scans sends a burst of `tickets-changed`; the attendee list reloads once per burst. */
const RELOAD_DEBOUNCE_MS = 400;

/** Waits before reconnecting: doubling from 1 s to 30 s, with jitter so a venue's devices spread out. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random() * 0.5));
}

/**
 * The live check-in of one date (server-sent events, read with fetch since they need the session
 * headers): counts go into the query cache where the screen reads them, `tickets-changed` reloads the
 * attendee lists, and conflicts are collected. Reconnects with back-off, and at once when the browser
 * says the network is back; closes when it says the network is gone.
 */
export function useCheckInLive({ eventId, occurrenceId }: { eventId: string; occurrenceId: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const [conflicts, setConflicts] = useState<DoorConflict[]>([]);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!eventId || !occurrenceId) return;
    setConflicts([]);
    setState('connecting');
    let stopped = false;
    let attempt = 0;
    let connected = false;
    let connection: AbortController | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const onMessage = (message: CheckInLiveMessage) => {
      if (message.type === 'counts') {
        if (message.counts.occurrenceId !== occurrenceId) return;
        queryClient.setQueryData(checkInKeys.counts({ eventId, occurrenceId }), message.counts);
      } else if (message.type === 'tickets-changed') {
        if (message.occurrenceId !== occurrenceId) return;
        clearTimeout(reloadTimer.current);
        reloadTimer.current = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: checkInKeys.attendees.all }),
          RELOAD_DEBOUNCE_MS,
        );
      } else {
        // Conflicts of every date of the event: staff at any door should know.
        const conflict = conflictFromLive(message);
        setConflicts((list) => (list.some((c) => c.scanId === conflict.scanId) ? list : [...list, conflict]));
      }
    };

    const connect = async () => {
      clearTimeout(retryTimer);
      connection?.abort();
      const controller = new AbortController();
      connection = controller;
      try {
        const response = await rawRequest(`${CHECK_IN_LIVE_PATH}${toSearch({ eventId, occurrenceId })}`, {
          signal: controller.signal,
          silent: true,
        });
        if (!response.body) throw new Error('The live stream has no body');
        setState('live');
        connected = true;
        attempt = 0;
        await readLiveStream(response.body, onMessage);
      } catch {
        // Refused, unreachable or cut off: all mean "try again later", said by the state below.
      }
      if (stopped || connection !== controller) return;
      connected = false;
      setState('reconnecting');
      retryTimer = setTimeout(() => void connect(), retryDelay(attempt));
      attempt += 1;
    };
    const reconnectNow = () => {
      if (!stopped && !connected) void connect();
    };
    // A stream cut by the network can sit silent for minutes before it errors: the badge must not say
    // "Live" meanwhile. Closing it now retries with back-off, and at once when the network is back.
    const dropNow = () => connection?.abort();

    void connect();
    window.addEventListener('online', reconnectNow);
    window.addEventListener('offline', dropNow);
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(reloadTimer.current);
      window.removeEventListener('online', reconnectNow);
      window.removeEventListener('offline', dropNow);
      connection?.abort();
    };
  }, [eventId, occurrenceId, queryClient]);

  return { state, conflicts };
}
