import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import type { ExportFormat as ExportFormatSchema } from '@marquee/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Cell } from './cells.js';
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

/** Waits for the reader to take what is buffered; resolves at once when the output was closed. */
async function drained(output: PassThrough) {
  if (!output.writableNeedDrain || output.destroyed) return;
  await Promise.race([once(output, 'drain'), once(output, 'close')]);
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

/**
 * exceljs's streaming writer: each committed row is serialized into the zip as it goes (inline
 * strings, no styles, so nothing is kept for the end). The archive pipes into `output`.
 */
function xlsxWriter(output: PassThrough, sheetName: string): FileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  return {
    header(cells) {
      sheet.addRow(cells).commit();
    },
    row(cells) {
      sheet.addRow(cells).commit();
    },
    flush: () => drained(output),
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function fileWriter(format: ExportFormat, output: PassThrough, sheetName: string): FileWriter {
  return format === 'csv' ? csvWriter(output) : xlsxWriter(output, sheetName);
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
