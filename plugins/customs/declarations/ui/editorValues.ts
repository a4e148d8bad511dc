// What the declaration editor's parts share: the shapes of a goods line, an attached document
// and an HS declaration element, and the texts' namespace.
import type { UploadedFile } from '@core/client';

export type Values = Record<string, string>;
export type Line = Record<string, unknown> & { elements: Record<string, string>; licences: Values[] };
export interface Doc {
  fileId: number;
  docType: string;
  docNo: string;
  file: UploadedFile | null;
}
export interface Element {
  seq: number;
  name: string;
  /** The English name, shown to en/my users when the HS table has one. */
  nameEn: string | null;
  isRequired: boolean;
}

export const k = (name: string) => `customs:declarations.${name}`;
export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
