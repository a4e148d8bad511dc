// What the parts of a resource import share: the job name, limits, modes and the shapes of a
// run's outcome and of the rows read from a file.

export const IMPORT_JOB = 'core.resourceImport';
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many rows are listed in the error report (the failed count goes on). */
export const ERROR_CAP = 5000;
/** `processed` is written to sys_import every this many rows. */
export const PROGRESS_EVERY = 100;

export type ImportMode = 'all' | 'valid';
export type ImportFormat = 'xlsx' | 'csv';
export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ImportRowError {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  /** Field label (in the importing user's language) → message; '' for the row as a whole. */
  errors: Record<string, string>;
}

export interface ImportSummary {
  id: number;
  status: ImportStatus;
  total: number;
  inserted: number;
  failed: number;
  message: string | null;
}

/** An import's progress and outcome as GET /api/core/imports/<id> answers it. */
export interface ImportState extends ImportSummary {
  resource: string;
  mode: ImportMode;
  processed: number;
  errorCount: number;
}

export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** 1-based row number as the user sees it in the spreadsheet. */
  num: number;
  cells: Cell[];
}

/** A problem with the file or the import as a whole: the run ends `failed` with this message. */
export class ImportFileError extends Error {}
