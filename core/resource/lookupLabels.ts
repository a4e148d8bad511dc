// Picker options, the same in the browser and on the server: labels in the user's language (a
// lookup whose table has English or Burmese names gives them in `labels`; the Chinese label
// stays the default, Burmese falls back to English) and a search's narrowing.
import type { Lang } from '../i18n/i18n';
import type { LookupOption } from '../plugin';

/** A picker's search (`/api/lookup/<name>?q=`, or among the options a page loaded): text typed, or the values to label. */
export interface LookupSearch {
  q?: string;
  values?: string[];
  limit?: number;
}

/** One option with its label in `lang`. */
export function localizeOption({ labels, ...o }: LookupOption, lang: Lang): LookupOption {
  const label = lang === 'zh' ? undefined : lang === 'my' ? labels?.my ?? labels?.en : labels?.en;
  return label ? { ...o, label } : o;
}

export function localizeLookups(lookups: Record<string, LookupOption[]>, lang: Lang): Record<string, LookupOption[]> {
  return Object.fromEntries(Object.entries(lookups).map(([name, options]) => [name, options.map((o) => localizeOption(o, lang))]));
}

/** The options a search keeps (a lookup that does not search in SQL is narrowed here): the code starting with the text, or the label containing it. */
export function narrowOptions(options: LookupOption[], search: LookupSearch): LookupOption[] {
  const q = search.q?.trim().toLowerCase();
  const values = search.values ? new Set(search.values) : null;
  const kept = options.filter(
    (o) => (!values || values.has(o.value)) && (!q || o.value.toLowerCase().startsWith(q) || [o.label, o.labels?.en, o.labels?.my].some((l) => l?.toLowerCase().includes(q))),
  );
  return search.limit ? kept.slice(0, search.limit) : kept;
}
