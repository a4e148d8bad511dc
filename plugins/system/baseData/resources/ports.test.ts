// Countries, ports, yards, berths and routes through /api/system/<name>: every validation
// rule passes once and fails once, codes are unique, and referenced rows stay.
import { describe, expect, it } from 'vitest';
import { itRefusesEach } from '../../../../tests/support/resource';
import { idOf, setUpBaseData } from '../testing';

const { db, admin } = setUpBaseData();

const country = (over: Record<string, unknown> = {}) => ({ code: 'XK', alpha3: 'XKX', numericCode: '926', nameZh: '测试国', nameEn: 'Testland', nameMy: null, ...over });
const port = (over: Record<string, unknown> = {}) => ({ code: 'MMTHL', nameZh: '迪拉瓦', nameEn: 'Thilawa', countryCode: 'MM', portType: 'sea', ...over });
const yard = (over: Record<string, unknown> = {}) => ({ code: 'T-Y01', name: '测试堆场', portCode: 'CNRUI', yardType: 'open', area: 1000, capacity: 500, ...over });
const berth = (over: Record<string, unknown> = {}) => ({ code: 'T-B01', name: '测试泊位', portCode: 'MMRGN', length: 150, depth: 9.5, maxTonnage: 10000, ...over });
const route = (over: Record<string, unknown> = {}) => ({
  code: 'T-R01',
  name: '畹町—腊戍',
  originPort: 'CNWDG',
  destinationPort: 'MMLSH',
  distanceKm: 230,
  transportMode: 'road',
  transitDays: 1,
  ...over,
});

describe('countries', () => {
  it('creates a country, upper-casing its codes, with the Burmese name optional', async () => {
    expect(await admin.create('country', country({ code: 'xk', alpha3: 'xkx' }))).toMatchObject({ code: 200, data: { code: 'XK', alpha3: 'XKX', numericCode: '926', nameMy: null } });
  });

  it('refuses codes that are not ISO 3166 shaped', async () => {
    expect((await admin.create('country', country({ code: 'X1' }))).fieldErrors.code).toBe('二字代码格式不正确');
    expect((await admin.create('country', country({ alpha3: 'XK' }))).fieldErrors.alpha3).toBe('三字代码格式不正确');
    expect((await admin.create('country', country({ numericCode: '9a6' }))).fieldErrors.numericCode).toBe('数字代码格式不正确');
  });

  it('requires the Chinese and English names and bounds every name to 100 characters', async () => {
    const res = await admin.create('country', country({ code: 'XL', alpha3: 'XLX', numericCode: '927', nameZh: '  ', nameEn: undefined, nameMy: 'မ'.repeat(101) }));
    expect(res.status).toBe(400);
    expect(res.fieldErrors).toEqual({ nameZh: '中文名称不能为空', nameEn: '英文名称不能为空', nameMy: '缅文名称长度不能超过100个字符' });
    expect((await admin.create('country', country({ code: 'XL', alpha3: 'XLX', numericCode: '927', nameMy: 'ဝ'.repeat(100) }))).code).toBe(200);
  });

  it('keeps the three codes unique', async () => {
    const res = await admin.create('country', country({ code: 'CN', alpha3: 'CHN', numericCode: '156' }));
    expect(res.code).toBe(500);
    expect(res.fieldErrors).toEqual({ code: '二字代码已存在', alpha3: '三字代码已存在', numericCode: '数字代码已存在' });
  });

  it('edits a country, keeping its own codes', async () => {
    const id = await idOf(db, 'sys_country', { code: 'TH' });
    const res = await admin.update('country', id, { ...country({ code: 'TH', alpha3: 'THA', numericCode: '764', nameZh: '泰王国', nameEn: 'Thailand', nameMy: 'ထိုင်း' }), version: 1 });
    expect(res).toMatchObject({ code: 200, data: { nameZh: '泰王国', version: 2 } });
  });

  it('refuses to delete or recode a country that ports use, allows it for an unused one', async () => {
    const cn = await idOf(db, 'sys_country', { code: 'CN' });
    expect(await admin.remove('country', [cn])).toMatchObject({ code: 500, msg: '“中国”已被港口引用，不能删除' });
    const recode = await admin.update('country', cn, { ...country({ code: 'CX', alpha3: 'CHN', numericCode: '156', nameZh: '中国', nameEn: 'China' }), version: 1 });
    expect(recode.fieldErrors.code).toBe('二字代码已被港口引用，不能修改');
    expect(await db.knex('sys_country').where({ code: 'CN' }).first()).toBeTruthy();

    const unused = await idOf(db, 'sys_country', { code: 'ZA' });
    expect((await admin.update('country', unused, { ...country({ code: 'ZZ', alpha3: 'ZAF', numericCode: '710', nameZh: '南非', nameEn: 'South Africa' }), version: 1 })).code).toBe(200);
    expect((await admin.remove('country', [unused])).code).toBe(200);
  });
});

describe('ports', () => {
  it('creates a port whose UN/LOCODE starts with its existing country', async () => {
    expect(await admin.create('portData', port({ code: 'mmthl' }))).toMatchObject({ code: 200, data: { code: 'MMTHL', countryCode: 'MM', portType: 'sea' } });
  });

  itRefusesEach(admin.creating('portData'), [
    { name: 'refuses a code that is not a UN/LOCODE', body: port({ code: 'MM-TH' }), errors: { code: '港口代码格式不正确' } },
    { name: 'refuses a code whose first two letters are not the country', body: port({ code: 'CNTHL' }), errors: { code: '港口代码前两位须与所属国家的二字代码一致' } },
    { name: 'refuses an unknown country', body: port({ code: 'QQABC', countryCode: 'QQ' }), errors: { countryCode: '所选所属国家不存在' } },
    {
      name: 'refuses an unknown port type and requires the names',
      body: port({ code: 'MMPTY', portType: 'lake', nameZh: '', nameEn: 'x'.repeat(101) }),
      errors: { portType: '口岸类型格式不正确', nameZh: '中文名称不能为空', nameEn: '英文名称长度不能超过100个字符' },
      exact: true,
    },
    { name: 'keeps port codes unique', body: port({ code: 'MMRGN' }), errors: { code: '港口代码已存在' } },
  ]);

  it('refuses to delete a port that yards, berths or routes use, and names which', async () => {
    expect((await admin.remove('portData', [await idOf(db, 'sys_port', { code: 'CNRUI' })])).msg).toBe('“瑞丽”已被堆场引用，不能删除');
    expect((await admin.remove('portData', [await idOf(db, 'sys_port', { code: 'MMKYP' })])).msg).toBe('“皎漂”已被泊位引用，不能删除');
    expect((await admin.remove('portData', [await idOf(db, 'sys_port', { code: 'MMLSH' })])).msg).toBe('“腊戍”已被运输线路引用，不能删除');
    expect(await db.knex('sys_port').whereIn('code', ['CNRUI', 'MMKYP', 'MMLSH']).count({ n: '*' }).first()).toMatchObject({ n: 3 });
  });

  it('refuses to recode a port in use; deletes an unused one', async () => {
    const rgn = await idOf(db, 'sys_port', { code: 'MMRGN' });
    const res = await admin.update('portData', rgn, { ...port({ code: 'MMRGX', nameZh: '仰光', nameEn: 'Yangon' }), version: 1 });
    expect(res.fieldErrors.code).toBe('港口代码已被堆场引用，不能修改');
    const res2 = await admin.create('portData', port({ code: 'MMDEL', nameZh: '待删', nameEn: 'To delete' }));
    expect((await admin.remove('portData', [Number((res2.data as { id: number }).id)])).code).toBe(200);
  });
});

describe('yards', () => {
  it('creates a yard at an existing port, taking numbers given as text', async () => {
    expect(await admin.create('yard', yard({ area: '1250.5', capacity: '800' }))).toMatchObject({ code: 200, data: { code: 'T-Y01', portCode: 'CNRUI', area: 1250.5, capacity: 800 } });
  });

  it('refuses area and capacity that are not numbers, or not positive whole tonnes', async () => {
    const res = await admin.create('yard', yard({ code: 'T-Y02', area: 'big', capacity: 1.5 }));
    expect(res.fieldErrors).toEqual({ area: '面积(m²)必须是数字', capacity: '容量(吨)必须是数字' });
    expect((await admin.create('yard', yard({ code: 'T-Y02', area: -5 }))).fieldErrors.area).toBe('面积(m²)格式不正确');
  });

  it('leaves area, capacity and type optional', async () => {
    expect((await admin.create('yard', yard({ code: 'T-Y03', area: '', capacity: null, yardType: '' }))).code).toBe(200);
  });

  itRefusesEach(admin.creating('yard'), [
    { name: 'requires a name and a code of letters, digits, - and _', body: yard({ code: 'T Y 04', name: '' }), errors: { code: '堆场代码格式不正确', name: '堆场名称不能为空' }, exact: true },
    { name: 'refuses an unknown port', body: yard({ code: 'T-Y05', portCode: 'CNZZZ' }), errors: { portCode: '所选所属港口不存在' } },
    { name: 'keeps yard codes unique', body: yard({ code: 'rl-y01' }), errors: { code: '堆场代码已存在' } },
  ]);
});

describe('berths', () => {
  it('creates a berth at a seaport or river port', async () => {
    expect((await admin.create('berth', berth())).code).toBe(200);
    expect((await admin.create('berth', berth({ code: 'T-B02', portCode: 'MMMDL', depth: '3.2' }))).code).toBe(200);
  });

  itRefusesEach(admin.creating('berth'), [
    { name: 'refuses a berth at a land crossing', body: berth({ code: 'T-B03', portCode: 'CNRUI' }), errors: { portCode: '泊位只能设在海港或内河港' } },
    { name: 'keeps berth codes unique', body: berth({ code: 'RGN-B01' }), errors: { code: '泊位代码已存在' } },
  ]);

  it('requires length, depth and tonnage as numbers within range', async () => {
    const missing = await admin.create('berth', berth({ code: 'T-B04', length: undefined, depth: 'deep', maxTonnage: 12.5 }));
    expect(missing.fieldErrors).toEqual({ length: '长度(米)不能为空', depth: '水深(米)必须是数字', maxTonnage: '最大靠泊吨级(载重吨)必须是数字' });
    expect((await admin.create('berth', berth({ code: 'T-B04', depth: 60 }))).fieldErrors.depth).toBe('水深(米)格式不正确');
  });
});

describe('routes', () => {
  it('creates a route between two existing ports', async () => {
    expect(await admin.create('route', route())).toMatchObject({ code: 200, data: { originPort: 'CNWDG', destinationPort: 'MMLSH', distanceKm: 230, transportMode: 'road' } });
  });

  itRefusesEach(admin.creating('route'), [
    { name: 'refuses the same port at both ends', body: route({ code: 'T-R02', destinationPort: 'CNWDG' }), errors: { destinationPort: '起点和终点不能相同' } },
    { name: 'refuses an unknown origin', body: route({ code: 'T-R02', originPort: 'CNZZZ' }), errors: { originPort: '所选起点不存在' } },
    {
      name: 'requires a numeric distance, a known mode and whole transit days',
      body: route({ code: 'T-R02', distanceKm: 'far', transportMode: 'camel', transitDays: 1.5 }),
      errors: { distanceKm: '距离(公里)必须是数字', transportMode: '运输方式格式不正确', transitDays: '运输天数必须是数字' },
      exact: true,
    },
    { name: 'keeps route codes unique', body: route({ code: 'KMG-RUI' }), errors: { code: '线路代码已存在' } },
  ]);
});
