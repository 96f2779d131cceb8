import { SCAN_RESULT_LABELS, SCAN_SOURCE_LABELS, ScanHistoryResult, ScanSource } from '@marquee/contract';

/** Badge colours of the history: green let in, amber already in, red refused, grey manual marks. */
export const SCAN_RESULT_COLORS: Record<ScanHistoryResult, string> = {
  ADMITTED: 'teal',
  ALREADY_SCANNED: 'yellow',
  REFUNDED: 'red',
  CANCELLED: 'red',
  WRONG_EVENT: 'red',
  WRONG_DATE: 'red',
  NOT_FOUND: 'red',
  MARKED_SCANNED: 'blue',
  MARKED_NOT_SCANNED: 'gray',
};

export const RESULT_FILTER_OPTIONS = [
  { value: '', label: 'All results' },
  ...ScanHistoryResult.options.map((value) => ({ value, label: SCAN_RESULT_LABELS[value] })),
];

export const SOURCE_FILTER_OPTIONS = [
  { value: '', label: 'All sources' },
  ...ScanSource.options.map((value) => ({ value, label: SCAN_SOURCE_LABELS[value] })),
];

export const CONFLICT_FILTER_OPTIONS = [
  { value: '', label: 'Conflicts or not' },
  { value: 'true', label: 'Conflicts only' },
  { value: 'false', label: 'No conflicts' },
];
