// Field errors of a failed schema check, keyed the way the form finds its inputs: the field's
// name, or, inside a document's lines, the path to the line's field (`lines.2.amount`,
// `goods.0.licences.1.licenceNo`). Isomorphic: the browser and the server key them alike.
import type { z } from 'zod';
import type { FieldDef } from './define';

/** The key of one issue: the path inside a `records` field (a line collection), else its first name. */
export function issueKey(path: readonly PropertyKey[], fields?: readonly FieldDef[]): string {
  const first = String(path[0] ?? '_');
  if (path.length > 1 && fields?.some((f) => f.name === first && f.records)) return path.map(String).join('.');
  return first;
}

/** The first message per key. */
export function zodFieldErrors(error: z.ZodError, fields?: readonly FieldDef[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issueKey(issue.path, fields);
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}
