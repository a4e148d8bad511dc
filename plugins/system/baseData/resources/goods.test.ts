// Goods names (/api/system/cfdGood): codes unique and upper-case, category and unit from
// their lists, the HS code optional but 6, 8 or 10 digits, the dangerous flag kept.
import { describe, expect, it } from 'vitest';
import { setUpBaseData } from '../testing';

const { admin } = setUpBaseData();

const goods = (over: Record<string, unknown> = {}) => ({ code: 'T001', name: '咖啡豆', nameEn: 'Coffee beans', category: 'beans', unit: 't', hsCode: '090111', dangerous: false, ...over });

describe('goods names', () => {
  it('creates goods with a 10-digit HS code and the dangerous flag', async () => {
    const res = await admin.create('cfdGood', goods({ code: 't001', hsCode: '2711190010', dangerous: true, category: 'energy' }));
    expect(res).toMatchObject({ code: 200, data: { code: 'T001', hsCode: '2711190010', dangerous: true, nameMy: null } });
  });

  it('leaves the HS code optional but refuses one that is not 6, 8 or 10 digits', async () => {
    expect((await admin.create('cfdGood', goods({ code: 'T002', hsCode: '' }))).code).toBe(200);
    expect((await admin.create('cfdGood', goods({ code: 'T003', hsCode: '0901' }))).fieldErrors.hsCode).toBe('HS编码格式不正确');
    expect((await admin.create('cfdGood', goods({ code: 'T003', hsCode: '0901111' }))).fieldErrors.hsCode).toBe('HS编码格式不正确');
  });

  it('requires a name of at most 100 characters, a known category and a known unit', async () => {
    const res = await admin.create('cfdGood', goods({ code: 'T004', name: '', category: 'drugs', unit: undefined }));
    expect(res.fieldErrors).toEqual({ name: '品名不能为空', category: '类别格式不正确', unit: '计量单位不能为空' });
    expect((await admin.create('cfdGood', goods({ code: 'T004', name: '豆'.repeat(101) }))).fieldErrors.name).toBe('品名长度不能超过100个字符');
  });

  it('keeps goods codes unique, case-insensitively', async () => {
    expect((await admin.create('cfdGood', goods({ code: 'g001' }))).fieldErrors.code).toBe('货物代码已存在');
  });

  it('filters by category and the dangerous flag', async () => {
    const res = await admin.list('cfdGood', 'dangerous=true&pageSize=100');
    expect(res.data.rows.map((r) => String(r.code)).sort()).toEqual(['G014', 'G015', 'T001']);
    const fruit = (await admin.list('cfdGood', 'category=fruit')).data;
    expect(fruit.rows.map((r) => String(r.name)).sort()).toEqual(['榴莲', '西瓜', '香蕉'].sort());
  });
});
