// Provinces → cities → counties (/api/system/region) and shipping addresses
// (/api/system/ShippingAddress): GB/T 2260 code shapes, parents of the right level, regions
// in use kept, addresses whose city lies in the province and county in the city, phones.
import { describe, expect, it } from 'vitest';
import { itRefusesEach } from '../../../../tests/support/resource';
import { idOf, setUpBaseData } from '../testing';

const { db, admin } = setUpBaseData();

const region = (code: string, level: string, parentCode: string | null, name = `地区${code}`) => ({ code, name, level, parentCode });
const address = (over: Record<string, unknown> = {}) => ({
  name: '芒市仓库',
  provinceCode: '530000',
  cityCode: '533100',
  countyCode: '533103',
  detailAddress: '芒市勐焕大道1号',
  contactName: 'Daw Aye Aye Myint',
  phone: '13812345678',
  isDefault: false,
  ...over,
});

describe('regions', () => {
  it('creates a province, a city under it and a county under the city', async () => {
    expect((await admin.create('region', region('620000', 'province', null, '甘肃省'))).code).toBe(200);
    expect((await admin.create('region', region('620100', 'city', '620000', '兰州市'))).code).toBe(200);
    expect(await admin.create('region', region('620102', 'county', '620100', '城关区'))).toMatchObject({ code: 200, data: { code: '620102', level: 'county', parentCode: '620100' } });
  });

  it('requires a 6-digit code, a name of at most 50 characters and a level', async () => {
    const res = await admin.create('region', { code: '5301', name: '', level: 'town', parentCode: null });
    expect(res.fieldErrors).toEqual({ code: '行政区划代码格式不正确', name: '名称不能为空', level: '级别格式不正确' });
    expect((await admin.create('region', region('630000', 'province', null, '青'.repeat(51)))).fieldErrors.name).toBe('名称长度不能超过50个字符');
  });

  it('checks the code shape of each level', async () => {
    expect((await admin.create('region', region('630100', 'province', null))).fieldErrors.code).toBe('省级代码须以0000结尾');
    expect((await admin.create('region', region('620101', 'city', '620000'))).fieldErrors.code).toBe('地市级代码须以00结尾，且不能以0000结尾');
    expect((await admin.create('region', region('620200', 'county', '620100'))).fieldErrors.code).toBe('区县级代码不能以00结尾');
    expect((await admin.create('region', region('630100', 'city', '620000'))).fieldErrors.code).toBe('代码须与上级地区代码开头一致（省级前两位、地市级前四位）');
    expect((await admin.create('region', region('620201', 'county', '620100'))).fieldErrors.code).toBe('代码须与上级地区代码开头一致（省级前两位、地市级前四位）');
  });

  it('gives a province no parent and every city and county one', async () => {
    expect((await admin.create('region', region('630000', 'province', '620000'))).fieldErrors.parentCode).toBe('省级地区不能有上级地区');
    expect((await admin.create('region', region('620200', 'city', null))).fieldErrors.parentCode).toBe('上级地区不能为空');
  });

  it('needs a parent that exists and has the level above', async () => {
    expect((await admin.create('region', region('650100', 'city', '650000'))).fieldErrors.parentCode).toBe('所选上级地区不存在');
    expect((await admin.create('region', region('533200', 'city', '533100'))).fieldErrors.parentCode).toBe('地市级地区的上级必须是省级地区');
    expect((await admin.create('region', region('530001', 'county', '530000'))).fieldErrors.parentCode).toBe('区县级地区的上级必须是地市级地区');
  });

  it('keeps region codes unique', async () => {
    expect((await admin.create('region', region('530000', 'province', null, '云南'))).fieldErrors.code).toBe('行政区划代码已存在');
  });

  it('keeps the code and level of a region that has children', async () => {
    const yunnan = await idOf(db, 'sys_region', { code: '530000' });
    expect((await admin.update('region', yunnan, { ...region('540000', 'province', null, '云南省'), version: 1 })).fieldErrors.code).toBe('该地区已有下级地区，不能修改代码或级别');
    const dehong = await idOf(db, 'sys_region', { code: '533100' });
    expect((await admin.update('region', dehong, { ...region('533101', 'county', '533100'), version: 1 })).fieldErrors).toHaveProperty('code');
    const renamed = await admin.update('region', yunnan, { ...region('530000', 'province', null, '云南省（滇）'), version: 1 });
    expect(renamed.code).toBe(200);
  });

  it('refuses to delete a region with children, or one an address uses', async () => {
    expect(await admin.remove('region', [await idOf(db, 'sys_region', { code: '533100' })])).toMatchObject({ code: 500, msg: '“德宏傣族景颇族自治州”下还有下级地区，不能删除' });
    const ruili = await admin.remove('region', [await idOf(db, 'sys_region', { code: '533102' })]);
    expect(ruili.msg).toBe('“瑞丽市”已被发货地址引用，不能删除');
    const recode = await admin.update('region', await idOf(db, 'sys_region', { code: '533102' }), { ...region('533109', 'county', '533100', '瑞丽市'), version: 1 });
    expect(recode.fieldErrors.code).toBe('行政区划代码已被发货地址引用，不能修改');
  });

  it('deletes an unused leaf, and a parent together with all its children', async () => {
    expect((await admin.remove('region', [await idOf(db, 'sys_region', { code: '533124' })])).code).toBe(200);
    const gansu = await db.knex('sys_region').whereIn('code', ['620000', '620100', '620102']).pluck('id');
    expect((await admin.remove('region', gansu.map(Number))).data).toEqual({ deleted: 3 });
  });

  it('lists a city’s counties through the parent filter', async () => {
    const res = await admin.list('region', 'parentCode=533100&sort=code:asc');
    expect(res.data.rows.map((r) => r.name)).toEqual(['瑞丽市', '芒市', '梁河县', '盈江县']);
  });
});

describe('shipping addresses', () => {
  it('creates an address whose county lies in its city and city in its province', async () => {
    expect(await admin.create('ShippingAddress', address())).toMatchObject({ code: 200, data: { provinceCode: '530000', cityCode: '533100', countyCode: '533103', phone: '13812345678' } });
  });

  it('takes the region codes as numbers too, the way the generated form sends picker values', async () => {
    const res = await admin.create('ShippingAddress', address({ name: '数字代码', provinceCode: 530000, cityCode: 533100, countyCode: 533122 }));
    expect(res).toMatchObject({ code: 200, data: { provinceCode: '530000', cityCode: '533100', countyCode: '533122' } });
    expect((await admin.create('region', { ...region('533125', 'county', null), parentCode: 533100 })).code).toBe(200);
  });

  itRefusesEach(admin.creating('ShippingAddress'), [
    { name: 'refuses a city outside the province', body: address({ provinceCode: '440000' }), errors: { cityCode: '所选城市不属于所选省份' } },
    { name: 'refuses a county outside the city', body: address({ countyCode: '530102' }), errors: { countyCode: '所选区县不属于所选城市' } },
  ]);

  it('refuses codes of the wrong level or unknown ones', async () => {
    expect((await admin.create('ShippingAddress', address({ provinceCode: '533100' }))).fieldErrors.provinceCode).toBe('所选省份不存在');
    expect((await admin.create('ShippingAddress', address({ cityCode: '533102' }))).fieldErrors.cityCode).toBe('所选城市不存在');
    expect((await admin.create('ShippingAddress', address({ countyCode: '533199' }))).fieldErrors.countyCode).toBe('所选区县不存在');
  });

  it('needs a county when the city has counties, not when it has none', async () => {
    expect((await admin.create('ShippingAddress', address({ countyCode: '' }))).fieldErrors.countyCode).toBe('区县不能为空');
    expect(await admin.create('ShippingAddress', address({ name: '曲靖仓库', cityCode: '530300', countyCode: null }))).toMatchObject({ code: 200, data: { countyCode: null } });
  });

  it('accepts mobile and landline numbers', async () => {
    for (const phone of ['19912345678', '0692-4123456', '06924123456', '010-12345678', '0883-7123456']) {
      expect((await admin.create('ShippingAddress', address({ name: `电话${phone}`, phone }))).code, phone).toBe(200);
    }
  });

  it('refuses anything else as a phone number', async () => {
    for (const phone of ['12345678901', '1381234567', '0692-123', '+95 9 123456789', '4123456']) {
      expect((await admin.create('ShippingAddress', address({ phone }))).fieldErrors.phone, phone).toBe('请输入正确的手机号码或固定电话（如0692-4123456）');
    }
    // Blank is a missing value, not a malformed one.
    expect((await admin.create('ShippingAddress', address({ phone: '' }))).fieldErrors.phone).toBe('联系电话不能为空');
  });

  it('requires the name, street address and contact, within their lengths', async () => {
    const res = await admin.create('ShippingAddress', address({ name: '', detailAddress: ' ', contactName: 'x'.repeat(31) }));
    expect(res.fieldErrors).toEqual({ name: '地址名称不能为空', detailAddress: '详细地址不能为空', contactName: '联系人长度不能超过30个字符' });
  });

  it('keeps one default address', async () => {
    expect(await db.knex('sys_shipping_address').where({ is_default: true }).pluck('name')).toEqual(['姐告国际货运站']);
    const res = await admin.create('ShippingAddress', address({ name: '新默认地址', isDefault: true }));
    expect(res.code).toBe(200);
    expect(await db.knex('sys_shipping_address').where({ is_default: true }).pluck('name')).toEqual(['新默认地址']);
  });

  it('checks the cascade on edit too', async () => {
    const id = await idOf(db, 'sys_shipping_address', { name: '黄埔港仓库' });
    const moved = { ...address({ name: '黄埔港仓库', provinceCode: '440000', cityCode: '440100', countyCode: '440303' }), version: 1 };
    expect((await admin.update('ShippingAddress', id, moved)).fieldErrors.countyCode).toBe('所选区县不属于所选城市');
    expect((await admin.update('ShippingAddress', id, { ...moved, countyCode: '440106' })).code).toBe(200);
  });
});
