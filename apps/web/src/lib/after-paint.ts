import { useEffect, useState } from 'react';

/**
 * True once `ready` has been true through a painted frame (the next animation frame, then the task after
 * it, which runs once that frame is on screen). For what a screen shows around its main content: the
 * calls and code it needs wait until the main content is on screen, instead of sharing a slow phone's
 * few connections with it and holding up its paint (docs/performance.md, "The dashboard's first paint").
 * Never goes back to false.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(done) : undefined;
    if (frame === undefined) done();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
