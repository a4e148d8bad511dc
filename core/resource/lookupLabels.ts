// Picker labels in the user's language: a lookup whose table has English (or Burmese) names
// gives them in `labels`; the Chinese label stays the default. Burmese falls back to English.
import type { Lang } from '../i18n/i18n';
import type { LookupOption } from '../plugin';

export function localizeLookups(lookups: Record<string, LookupOption[]>, lang: Lang): Record<string, LookupOption[]> {
  return Object.fromEntries(
    Object.entries(lookups).map(([name, options]) => [
      name,
      options.map(({ labels, ...o }) => {
        const label = lang === 'zh' ? undefined : lang === 'my' ? (labels?.my ?? labels?.en) : labels?.en;
        return label ? { ...o, label } : o;
      }),
    ]),
  );
}
