// The old path of the resource import, kept for the tests that import it; the parts live in
// core/resource/import/ (read, convert, process, HTTP, template).
export { mapHeader, normalizeLabel, toIsoDate } from './import/convert.server';
export { processImport } from './import/process.server';
export { parseCsv, sniffFormat } from './import/read.server';
export type { ImportRowError } from './import/types';
