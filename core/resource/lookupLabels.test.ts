import { describe, expect, it } from 'vitest';
import { localizeLookups } from './lookupLabels';

const lookups = {
  units: [
    { value: '035', label: '035 千克', labels: { en: '035 Kilogram' } },
    { value: '999', label: '999 其他' },
  ],
  countries: [{ value: 'MM', label: 'MM 缅甸 / Myanmar', labels: { en: 'MM Myanmar', my: 'MM မြန်မာ' } }],
};

describe('lookup labels in the user language', () => {
  it('keep Chinese for zh, take English for en, Burmese (else English) for my', () => {
    expect(localizeLookups(lookups, 'zh').units.map((o) => o.label)).toEqual(['035 千克', '999 其他']);
    expect(localizeLookups(lookups, 'en').units.map((o) => o.label)).toEqual(['035 Kilogram', '999 其他']);
    expect(localizeLookups(lookups, 'my').units[0].label).toBe('035 Kilogram');
    expect(localizeLookups(lookups, 'my').countries[0]).toEqual({ value: 'MM', label: 'MM မြန်မာ' });
    expect(localizeLookups(lookups, 'en').countries[0]).toEqual({ value: 'MM', label: 'MM Myanmar' });
  });
});
