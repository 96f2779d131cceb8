import type { ScanResult } from '@marquee/contract';

/** A tone: pitch (Hz), length (ms), waveform; a pause follows when more come. */
interface Tone {
  hz: number;
  ms: number;
  wave: OscillatorType;
}

/**
 * Tones a scanner can tell apart without looking: one high beep lets in, two middle beeps say "already
 * in", a low buzz refuses.
 */
const TONES: Record<'admitted' | 'already' | 'refused', Tone[]> = {
  admitted: [{ hz: 1046, ms: 140, wave: 'sine' }],
  already: [
    { hz: 523, ms: 110, wave: 'triangle' },
    { hz: 523, ms: 110, wave: 'triangle' },
  ],
  refused: [{ hz: 185, ms: 420, wave: 'square' }],
};

/** Vibration patterns (ms on, off, on …), for a phone in a noisy hall. */
const VIBRATIONS: Record<keyof typeof TONES, number[]> = {
  admitted: [90],
  already: [120, 80, 120],
  refused: [300, 100, 300],
};

const GAP_MS = 70;
const VOLUME = 0.25;

let audio: AudioContext | null = null;

function kindOf(result: ScanResult | 'FAILED'): keyof typeof TONES {
  if (result === 'ADMITTED') return 'admitted';
  if (result === 'ALREADY_SCANNED') return 'already';
  return 'refused';
}

/**
 * Browsers only let a page make sound after a tap or a key: called from the Start camera and Check in
 * actions, it opens (or wakes) the audio so later results can beep.
 */
export function primeFeedback(): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

function play(tones: Tone[]): void {
  if (audio?.state !== 'running') return;
  let at = audio.currentTime + 0.01;
  for (const tone of tones) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = tone.wave;
    oscillator.frequency.value = tone.hz;
    const end = at + tone.ms / 1000;
    // Short ramps in and out: a hard start or stop clicks.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
    gain.gain.setValueAtTime(VOLUME, end - 0.02);
    gain.gain.linearRampToValueAtTime(0, end);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(end);
    at = end + GAP_MS / 1000;
  }
}

/** The sound and vibration of a result (`FAILED`: the scan could not be decided at all). */
export function signalResult(result: ScanResult | 'FAILED'): void {
  const kind = kindOf(result);
  try {
    play(TONES[kind]);
  } catch {
    // Sound is a help, never a reason for a scan to fail.
  }
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    navigator.vibrate(VIBRATIONS[kind]);
  }
}
