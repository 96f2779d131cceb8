import { type RefObject, useEffect, useRef, useState } from 'react';
import { type FrameDecoder, loadDecoder } from './decoder';
import { createRepeatGuard } from './repeat-guard';

/** One frame read every 100 ms at most: up to 10 codes a second, leaving the phone time for the rest. */
const DECODE_INTERVAL_MS = 100;

/**
 * Reads codes from `video` while `active`: loads the decoder, reads frames one after another, drops a
 * code just handled (held in front of the camera), and waits for `onCode` to finish before reading on,
 * so one person is decided before the next.
 */
export function useDecodeLoop({
  video,
  active,
  onCode,
}: {
  video: RefObject<HTMLVideoElement | null>;
  active: boolean;
  onCode: (code: string) => Promise<void> | void;
}) {
  const [decoder, setDecoder] = useState<FrameDecoder | null>(null);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!active || decoder) return;
    let cancelled = false;
    loadDecoder().then(
      (loaded) => !cancelled && setDecoder(loaded),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [active, decoder]);

  useEffect(() => {
    if (!active || !decoder) return;
    const guard = createRepeatGuard();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const started = performance.now();
      const element = video.current;
      // HAVE_CURRENT_DATA: a frame is there to read.
      if (element && element.readyState >= 2) {
        const code = await decoder.decode(element).catch(() => null);
        if (!stopped && code && guard.accept(code)) {
          // The screen shows its own failures; a throw here must not end the loop.
          await Promise.resolve(handler.current(code)).catch(() => {});
        }
      }
      if (stopped) return;
      timer = setTimeout(tick, Math.max(0, DECODE_INTERVAL_MS - (performance.now() - started)));
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, decoder, video]);

  return { ready: decoder !== null, failed };
}
