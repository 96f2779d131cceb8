import { AmountValue, type Cell, isoText, majorText } from './cells.js';

/** Excel opens a UTF-8 CSV as UTF-8 only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Spreadsheet formula injection: a cell starting with = + - @ (or a tab or carriage return, which some
 * programs skip before reading one of those) would be run as a formula when the file is opened. A
 * leading apostrophe makes it text. Numbers, amounts and times the export writes itself are not text
 * and pass as they are (a negative amount keeps its minus: it is a number, not a formula). The first
 * character is compared by code: an export tests millions of text cells.
 */
function startsLikeFormula(value: string): boolean {
  const first = value.charCodeAt(0);
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes inside doubled. */
function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell !== 'string') return cell instanceof AmountValue ? majorText(cell) : isoText(cell);
  const value = startsLikeFormula(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record, CRLF-terminated as RFC 4180 asks. A plain loop: an export writes millions of them. */
export function csvLine(cells: readonly Cell[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++)
    line += i === 0 ? field(cells[i] ?? null) : `,${field(cells[i] ?? null)}`;
  return `${line}\r\n`;
}
