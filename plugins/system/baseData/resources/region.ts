// Provinces, cities and counties in one tree, coded by GB/T 2260 (/dataBase/systemData/province).
// The code's shape follows the level: 530000 province, 533100 city, 533102 county, and a
// child's code starts with its parent's (2 digits of a province, 4 of a city).
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';
import { codedTable, digits, options } from './schema';

const L = 'system:baseData.region';

export const REGION_LEVELS = ['province', 'city', 'county'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];
/** The level a region's parent has. */
export const PARENT_LEVEL: Record<RegionLevel, RegionLevel | null> = { province: null, city: 'province', county: 'city' };
const GB2260 = /^\d{6}$/;

/** Which structural rule of GB/T 2260 a code breaks for its level and parent (null: none). */
export function regionCodeProblem(code: string, level: RegionLevel, parentCode: string | null): string | null {
  if (level === 'province') return code.endsWith('0000') ? null : `${L}.codeNotProvince`;
  if (level === 'city' && (!code.endsWith('00') || code.endsWith('0000'))) return `${L}.codeNotCity`;
  if (level === 'county' && code.endsWith('00')) return `${L}.codeNotCounty`;
  const prefix = level === 'city' ? 2 : 4;
  return parentCode && code.slice(0, prefix) !== parentCode.slice(0, prefix) ? `${L}.codeNotUnderParent` : null;
}

export const regionDef = defineResource({
  ...codedTable('region', 'sys_region', L),
  fields: [
    { name: 'code', labelKey: `${L}.code`, type: 'string', sortable: true, filter: 'contains', maxLength: 6 },
    { name: 'name', labelKey: `${L}.name`, type: 'string', sortable: true, filter: 'contains', maxLength: 50 },
    { name: 'level', labelKey: `${L}.level`, type: 'enum', options: options(REGION_LEVELS, `${L}.levels`), sortable: true, filter: 'eq' },
    { name: 'parentCode', labelKey: `${L}.parentCode`, type: 'ref', lookup: 'system.regionParents', sortable: true, filter: 'eq' },
  ],
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        code: r.pattern(`${L}.code`, GB2260),
        name: r.text(`${L}.name`, 50),
        level: r.oneOf(`${L}.level`, REGION_LEVELS),
        parentCode: digits(r.pattern(`${L}.parentCode`, GB2260, { optional: true })),
      })
      .superRefine((v, ctx) => {
        if (v.level === 'province' && v.parentCode) {
          ctx.addIssue({ code: 'custom', path: ['parentCode'], message: t(`${L}.provinceNoParent`) });
        } else if (v.level !== 'province' && !v.parentCode) {
          ctx.addIssue({ code: 'custom', path: ['parentCode'], message: t('core:resource.required', { field: t(`${L}.parentCode`) }) });
        }
        const problem = v.code && v.level ? regionCodeProblem(v.code, v.level, v.parentCode ?? null) : null;
        if (problem) ctx.addIssue({ code: 'custom', path: ['code'], message: t(problem) });
      });
  },
});
