import type { PassThrough } from 'node:stream';
import type { ExportFormat as ExportFormatSchema } from '@marquee/contract';
import type { z } from 'zod';
import { AmountValue, type Cell, majorNumber, TimeValue } from './cells.js';
import { csvLine, UTF8_BOM } from './csv.js';
import { EXPORT_BATCH_ROWS } from './cursor.js';

type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** Writes one export's rows to its output, one batch at a time; `end` finishes the file. */
export interface FileWriter {
  header(cells: string[]): void;
  row(cells: Cell[]): void;
  /** After each batch: waits while the reader is behind, so memory holds about one batch. */
  flush(): Promise<void>;
  end(): Promise<void>;
}

/**
 * Waits for the reader to take what is buffered; resolves at once when the output was closed. Both
 * listeners go when either fires: `once` on each left the other behind, thousands per large export.
 */
async function drained(output: PassThrough) {
  if (!output.writableNeedDrain || output.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

function csvWriter(output: PassThrough): FileWriter {
  let pending: string[] = [];
  const push = () => {
    if (pending.length) output.write(pending.join(''));
    pending = [];
  };
  return {
    header(cells) {
      pending.push(UTF8_BOM, csvLine(cells));
    },
    row(cells) {
      pending.push(csvLine(cells));
      if (pending.length >= EXPORT_BATCH_ROWS) push();
    },
    async flush() {
      push();
      await drained(output);
    },
    async end() {
      push();
      output.end();
    },
  };
}

/** Excel's own date-time pattern: the cell is a date a spreadsheet sorts and filters by. */
const DATE_STYLE = { numFmt: 'yyyy-mm-dd hh:mm:ss' };
const HEADER_STYLE = { font: { bold: true } };
const PLAIN_STYLE = {};
/** One shared style per currency digit count: exceljs finds a style it has seen by identity. */
const amountStyles: Record<number, { numFmt: string }> = {};
function amountStyle(digits: number) {
  amountStyles[digits] ??= { numFmt: digits === 0 ? '#,##0' : `#,##0.${'0'.repeat(digits)}` };
  return amountStyles[digits];
}

/** A cell as exceljs takes it: a number for an amount, the wall-clock Date for an instant. */
function xlsxValue(cell: Cell): string | number | Date | null {
  if (cell === null || typeof cell === 'string' || typeof cell === 'number') return cell;
  return cell instanceof AmountValue ? majorNumber(cell) : cell.wallClock;
}

/**
 * exceljs's streaming writer: each committed row is serialized into the zip as it goes (inline
 * strings; a handful of shared styles, so nothing grows with the rows). The archive pipes into
 * `output`. The header row is bold and frozen, and the auto-filter spans every written row (set at the
 * end, when the last row is known: the sheet writes it after its data).
 */
async function xlsxWriter(output: PassThrough, sheetName: string): Promise<FileWriter> {
  // Loaded on the first XLSX export, not at start: exceljs and its zip libraries were an eighth of
  // the server's start-up time (docs/performance.md, "Warm start").
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  let columns = 0;
  let rows = 0;
  return {
    header(cells) {
      columns = cells.length;
      const row = sheet.addRow(cells);
      for (let i = 1; i <= columns; i++) row.getCell(i).style = HEADER_STYLE;
      row.commit();
      rows = 1;
    },
    row(cells) {
      const row = sheet.addRow(cells.map(xlsxValue));
      // Every cell gets a shared style object: a fresh one per cell would cost a style lookup each.
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i];
        row.getCell(i + 1).style =
          cell instanceof TimeValue
            ? DATE_STYLE
            : cell instanceof AmountValue
              ? amountStyle(cell.digits)
              : PLAIN_STYLE;
      }
      row.commit();
      rows += 1;
    },
    flush: () => drained(output),
    async end() {
      if (columns > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows, column: columns } };
      sheet.commit();
      await workbook.commit();
    },
  };
}

export async function fileWriter(
  format: ExportFormat,
  output: PassThrough,
  sheetName: string,
): Promise<FileWriter> {
  return format === 'csv' ? csvWriter(output) : await xlsxWriter(output, sheetName);
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
