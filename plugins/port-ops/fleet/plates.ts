// Number plates of the trucks crossing at Ruili/Muse: Chinese plates (province character,
// issuing-office letter, five characters; six for new-energy vehicles; four and 挂 for
// trailers), written with or without the middle dot, and Myanmar plates (a region code such as
// YGN or MDY, then number-letter(s), a dash and four digits; old Yangon plates without the
// region, 9L-1234). Isomorphic: the form and the server check the same way.
import type { TFunction } from 'i18next';
import { z } from 'zod';

/** The 31 province-level abbreviations of mainland plates. */
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Myanmar's region/state codes on plates (Yangon, Mandalay, Naypyitaw, Shan, …). */
export const MM_REGIONS = ['YGN', 'MDY', 'NPT', 'SHN', 'KCN', 'SGG', 'MGY', 'BGO', 'AYY', 'TNI', 'MON', 'KYN', 'KYH', 'CHN', 'RKE'] as const;

// Letters I and O are never used in the serial part of a mainland plate.
const SERIAL = '[A-HJ-NP-Z0-9]';
const CN_PLATE = new RegExp(`^([${PROVINCES}])([A-Z])[·・•.]?((?:${SERIAL}{5})|(?:[DF]${SERIAL}{5})|(?:${SERIAL}{5}[DF])|(?:${SERIAL}{4}挂))$`);
const MM_PLATE = new RegExp(`^(?:(${MM_REGIONS.join('|')})\\s*)?(\\d{1,2}[A-Z]{1,2})\\s*-\\s*(\\d{4})$`);

export type PlateCountry = 'CN' | 'MM';

/** The plate written the one way it is stored (云N·A1234, MDY 2B-1234, 9L-1234), and its country; null when it is neither kind. */
export function normalizePlate(raw: string): { plate: string; country: PlateCountry } | null {
  const v = raw.trim().toUpperCase().replace(/\s+/g, ' ');
  const cn = CN_PLATE.exec(v.replace(/ /g, ''));
  if (cn) return { plate: `${cn[1]}${cn[2]}·${cn[3]}`, country: 'CN' };
  const mm = MM_PLATE.exec(v);
  if (mm) return { plate: `${mm[1] ? `${mm[1]} ` : ''}${mm[2]}-${mm[3]}`, country: 'MM' };
  return null;
}

export const isPlate = (raw: string) => normalizePlate(raw) !== null;

/** The schema of a plate field: required, and stored in its one form (normalizePlate); `invalid` is the message of a plate of neither country. */
export const plateRule = (t: TFunction, labelKey: string, invalid: string) =>
  z
    .string({ error: t('core:resource.required', { field: t(labelKey) }) })
    .trim()
    .min(1, t('core:resource.required', { field: t(labelKey) }))
    .transform((v, ctx) => {
      const p = normalizePlate(v);
      if (p) return p.plate;
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    });
