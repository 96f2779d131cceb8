import { useCallback, useRef, useState } from 'react';
import type { DoorResult, DoorScanner } from '../door';
import { CameraScanner } from './CameraScanner';
import { primeFeedback, signalResult } from './feedback';
import { ManualCodeForm } from './ManualCodeForm';
import classes from './ScanPanel.module.css';
import { ScanResultBanner } from './ScanResultBanner';

interface Shown {
  result: DoorResult | null;
  failure: string | null;
  /** How many results were shown: a new one replays the banner's entrance. */
  sequence: number;
}

const FAILURE_FALLBACK = 'The ticket could not be checked. Try again.';

/**
 * Whether focusing a text field leaves the screen as it is: with a mouse or trackpad, yes; on a touch
 * screen it would open the on-screen keyboard over the camera preview.
 */
const focusKeepsScreen = () => globalThis.matchMedia?.('(pointer: fine)').matches ?? true;

/**
 * The Scan tab: camera and typed codes both go through the door scanner; the result shows at once in
 * the banner, with a sound and a vibration, and the screen is ready for the next code.
 */
export function ScanPanel({
  door,
  zone,
  onDecided,
}: {
  door: DoorScanner;
  zone: string;
  onDecided?: (result: DoorResult) => void;
}) {
  const [shown, setShown] = useState<Shown>({ result: null, failure: null, sequence: 0 });
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const codeField = useRef<HTMLInputElement>(null);

  /**
   * Puts the focus back in the code field after the camera's button or a camera scan, so a handheld
   * scanner (which types the code and presses Enter) is heard without a tap first. Only when the focus
   * is nowhere or in this panel: a camera scan never pulls it away from the rest of the page.
   */
  const readyForTypedCodes = useCallback(() => {
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || panel.current?.contains(focused);
    if (lost && focusKeepsScreen()) codeField.current?.focus({ preventScroll: true });
  }, []);

  const decide = useCallback(
    async (code: string) => {
      setBusy(true);
      try {
        const result = await door.scan(code);
        setShown((s) => ({ result, failure: null, sequence: s.sequence + 1 }));
        signalResult(result.outcome.result);
        onDecided?.(result);
      } catch (error) {
        const failure = error instanceof Error && error.message ? error.message : FAILURE_FALLBACK;
        setShown((s) => ({ result: null, failure, sequence: s.sequence + 1 }));
        signalResult('FAILED');
      } finally {
        setBusy(false);
      }
    },
    [door, onDecided],
  );

  return (
    <div className={classes.panel} ref={panel}>
      <div className={classes.result}>
        <ScanResultBanner
          result={shown.result}
          failure={shown.failure}
          sequence={shown.sequence}
          zone={zone}
        />
      </div>
      <div className={classes.camera}>
        <CameraScanner
          onCode={async (code) => {
            await decide(code);
            readyForTypedCodes();
          }}
          onStart={primeFeedback}
          onToggled={readyForTypedCodes}
          // On a phone the counts push the camera below the fold: bring result and preview into view.
          onRunning={() => panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })}
        />
      </div>
      <div className={classes.manual}>
        <ManualCodeForm
          input={codeField}
          busy={busy}
          onSubmit={async (code) => {
            primeFeedback();
            await decide(code);
          }}
        />
      </div>
    </div>
  );
}
