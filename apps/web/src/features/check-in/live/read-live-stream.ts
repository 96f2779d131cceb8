import { CheckInLiveMessage } from '@marquee/contract';
import { createParser } from 'eventsource-parser';

/**
 * Reads a check-in live stream (server-sent events) until it ends, handing each well-formed message on.
 * A line that is not a `CheckInLiveMessage` is skipped: a newer server may send kinds this build does not
 * know, and one bad line must not close the stream.
 */
export async function readLiveStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: CheckInLiveMessage) => void,
): Promise<void> {
  const parser = createParser({
    onEvent(event) {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = CheckInLiveMessage.safeParse(data);
      if (parsed.success) onMessage(parsed.data);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
