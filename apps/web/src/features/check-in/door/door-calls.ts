import { checkInCounts, checkInOfflineList, HEADERS, scanTicket, syncOfflineScans } from '@marquee/contract';
import { http } from '../../../lib/http';
import type { DoorCalls } from './door-client';

/**
 * A person waits at the door while a scan is in flight: past this the device decides from its list
 * (under the same nonce, so a late answer on the server changes nothing).
 */
const SCAN_TIMEOUT_MS = 4000;
const PROBE_TIMEOUT_MS = 4000;

/**
 * The door's calls. All silent: a network failure is the door's cue to work offline (the screen shows
 * it in its network bar), never a toast per scan; the scanner hook reports the rest itself.
 */
export const doorCalls: DoorCalls = {
  scanTicket: async (body) =>
    (
      await http(scanTicket, {
        body,
        silent: true,
        headers: { [HEADERS.timeout]: String(SCAN_TIMEOUT_MS) },
      })
    ).result,
  syncOfflineScans: async (body) => (await http(syncOfflineScans, { body, silent: true })).result,
  offlineList: async (query) => (await http(checkInOfflineList, { query, silent: true })).result,
  probe: async (query) => {
    await http(checkInCounts, {
      query,
      silent: true,
      headers: { [HEADERS.timeout]: String(PROBE_TIMEOUT_MS) },
    });
  },
};
