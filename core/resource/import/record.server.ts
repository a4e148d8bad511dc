// The sys_import row of an import: its summary, and where its error list is kept (the column
// holds what fits, a file next to the upload the whole list).
import fs from 'node:fs';
import type { Row } from '../define.server';
import type { ImportRowError, ImportStatus, ImportSummary } from './types';

/** What of the error list is kept in the sys_import.errors TEXT column (64 KB on MySQL). */
const ERRORS_COLUMN_BYTES = 60_000;

export function summaryOf(row: Row): ImportSummary {
  return {
    id: Number(row.id),
    status: row.status as ImportStatus,
    total: Number(row.total),
    inserted: Number(row.inserted),
    failed: Number(row.failed),
    message: (row.message as string | null) ?? null,
  };
}

export function errorsFile(filePath: string): string {
  return filePath.replace(/\.[^./\\]+$/, '') + '.errors.json';
}

/** The part of the error list kept in the sys_import.errors column. */
export function errorsForColumn(errors: ImportRowError[]): { json: string | null; whole: boolean } {
  if (!errors.length) return { json: null, whole: true };
  const json = JSON.stringify(errors);
  if (Buffer.byteLength(json) <= ERRORS_COLUMN_BYTES) return { json, whole: true };
  let lo = 0;
  let hi = errors.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (Buffer.byteLength(JSON.stringify(errors.slice(0, mid))) <= ERRORS_COLUMN_BYTES) lo = mid;
    else hi = mid - 1;
  }
  return { json: JSON.stringify(errors.slice(0, lo)), whole: false };
}

/** The error list so far: the file when the column could not hold it all. */
export async function reportOf(row: Row): Promise<ImportRowError[]> {
  const file = errorsFile(String(row.file_path));
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as ImportRowError[];
  } catch {
    // No separate file: the list fitted in the column.
  }
  if (!row.errors) return [];
  try {
    const list = JSON.parse(String(row.errors)) as unknown;
    return Array.isArray(list) ? (list as ImportRowError[]) : [];
  } catch {
    return [];
  }
}
