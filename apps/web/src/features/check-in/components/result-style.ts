import type { ScanResult } from '@marquee/contract';

/**
 * The banner's colours, chosen for a glance from a metre away and WCAG AA (contrast at least 4.5:1 even
 * for the small lines): green lets in, amber says "already in", red refuses.
 */
export const RESULT_STYLES = {
  admitted: { background: '#237032', color: '#ffffff' },
  already: { background: '#fab005', color: '#1a1b1e' },
  refused: { background: '#c92a2a', color: '#ffffff' },
  idle: { background: '#f1f3f5', color: '#343a40' },
} as const;

export function resultStyle(result: ScanResult | null) {
  if (result === null) return RESULT_STYLES.idle;
  if (result === 'ADMITTED') return RESULT_STYLES.admitted;
  if (result === 'ALREADY_SCANNED') return RESULT_STYLES.already;
  return RESULT_STYLES.refused;
}
