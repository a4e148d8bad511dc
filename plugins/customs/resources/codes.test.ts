// CIQ codes, ECIQ basic data and the place tables through the REST API on a fresh seeded
// MariaDB: SPEC §5 "Codes" (code and code type required, Chinese and English explanations
// required) and the "a type in use cannot be deleted" rule.
import { describe, expect, it } from 'vitest';
import { resourceApi } from '../../../tests/support/resource';
import { setUpTestDb } from '../../../tests/support/suite';
import system from '../../system';
import customs from '..';

const db = setUpTestDb({ plugins: [system, customs], logins: ['admin'] });
const api = (resource: string) => resourceApi('customs', resource, db.as('admin'));
const create = (resource: string, body: Body) => api(resource).create(body);
const remove = (resource: string, id: unknown) => api(resource).remove(Number(id));

type Body = Record<string, unknown>;

describe('CIQ codes', () => {
  const ciq = (over: Body = {}): Body => ({
    ciqCode: '0810600000101',
    hsCode: '0810600000',
    name: '鲜榴莲（金枕头）',
    nameEn: 'Fresh durian (Monthong)',
    extension: '101',
    classification: 'P.R/Q.S',
    codeVersion: '2024',
    parentCode: '0810600000999',
    valid: true,
    ...over,
  });

  it('refuses a blank Chinese explanation', async () => {
    expect(await create('ciqCode', ciq({ name: '' }))).toMatchObject({ status: 400, fieldErrors: { name: '中文名称不能为空' } });
  });

  it('refuses a blank English explanation', async () => {
    expect(await create('ciqCode', ciq({ nameEn: '  ' }))).toMatchObject({ status: 400, fieldErrors: { nameEn: '英文名称不能为空' } });
  });

  it('refuses a missing CIQ code and a missing code type', async () => {
    expect((await create('ciqCode', ciq({ ciqCode: undefined }))).fieldErrors.ciqCode).toBe('CIQ代码不能为空');
    expect((await create('ciqCode', ciq({ classification: '' }))).fieldErrors.classification).toBe('分类（代码类型）不能为空');
  });

  it('accepts a code with both explanations, under its seeded parent', async () => {
    expect(await create('ciqCode', ciq())).toMatchObject({ status: 200, data: { ciqCode: '0810600000101', hsCode: '0810600000', codeVersion: '2024', version: 1 } });
  });

  it('refuses a duplicate code, an unknown HS code and an unknown parent', async () => {
    expect((await create('ciqCode', ciq())).fieldErrors.ciqCode).toBe('CIQ代码已存在');
    expect((await create('ciqCode', ciq({ ciqCode: '9999999999999', hsCode: '9999999999' }))).fieldErrors.hsCode).toBe('HS编码不存在');
    expect((await create('ciqCode', ciq({ ciqCode: '0810600000102', parentCode: '1234' }))).fieldErrors.parentCode).toBe('上级代码格式不正确');
  });

  it('keeps a parent that has children', async () => {
    const parent = await db.knex('cus_ciq_code').where({ ciq_code: '0810600000999' }).first();
    expect((await remove('ciqCode', parent.id)).msg).toBe('该CIQ代码是其他代码的上级，不能删除或修改编码');
  });
});

describe('ECIQ basic data', () => {
  it('will not delete a type in use, and says why', async () => {
    const type = await db.knex('cus_eciq_type').where({ type_code: 'PURPOSE' }).first();
    expect(await remove('eciqType', type.id)).toMatchObject({ status: 400, msg: '该类型下已有基础数据，不能删除，类型代码也不能修改' });
    expect(await db.knex('cus_eciq_type').where({ id: type.id }).first()).toBeTruthy();
  });

  it('deletes a type once nothing uses it', async () => {
    const type = await create('eciqType', { typeCode: 'TEMP_TYPE', name: '临时类型', nameEn: 'Temporary type' });
    const data = await create('eciqData', { typeCode: 'TEMP_TYPE', code: '01', name: '临时', nameEn: 'Temporary', valid: true });
    expect(data.status).toBe(200);
    expect((await remove('eciqType', type.data.id)).status).toBe(400);
    expect((await remove('eciqData', data.data.id)).status).toBe(200);
    expect((await remove('eciqType', type.data.id)).status).toBe(200);
  });

  it('requires the code, the type and both explanations of a data row', async () => {
    const row = { typeCode: 'PURPOSE', code: '98', name: '展览', nameEn: 'Exhibition', valid: true };
    expect((await create('eciqData', { ...row, typeCode: '' })).fieldErrors.typeCode).toBe('数据类型不能为空');
    expect((await create('eciqData', { ...row, code: '' })).fieldErrors.code).toBe('代码不能为空');
    expect((await create('eciqData', { ...row, name: '' })).fieldErrors.name).toBe('中文名称不能为空');
    expect((await create('eciqData', { ...row, nameEn: '' })).fieldErrors.nameEn).toBe('英文名称不能为空');
    expect((await create('eciqData', row)).status).toBe(200);
  });

  it('keeps codes unique within a type, not across types', async () => {
    expect((await create('eciqData', { typeCode: 'PURPOSE', code: '11', name: '种用', nameEn: 'Sowing', valid: true })).fieldErrors.code).toBe('代码已存在');
    expect((await create('eciqData', { typeCode: 'PACKING_MATERIAL', code: '11', name: '复合材料', nameEn: 'Composite', valid: true })).status).toBe(200);
    expect((await create('eciqData', { typeCode: 'NO_SUCH_TYPE', code: '01', name: '无', nameEn: 'None', valid: true })).fieldErrors.typeCode).toBe('数据类型格式不正确');
  });

  it('requires both explanations of a type', async () => {
    expect((await create('eciqType', { typeCode: 'T2', name: '类型二', nameEn: '' })).fieldErrors.nameEn).toBe('英文名称不能为空');
  });
});

describe('places', () => {
  it('restores a customs code the picker sent as a number and refuses a parent loop', async () => {
    const a = await create('customsPort', { customsCode: '8690', name: '测试海关', parentCode: 8613 });
    expect(a.data).toMatchObject({ customsCode: '8690', parentCode: '8613' });
    const ruili = await db.knex('cus_customs_port').where({ customs_code: '8613' }).first();
    const loop = await api('customsPort').update(ruili.id, { customsCode: '8613', name: ruili.name, parentCode: '8690', version: ruili.version });
    expect(loop.fieldErrors.parentCode).toBe('上级海关格式不正确');
    expect((await create('customsPort', { customsCode: '100', name: '三位' })).fieldErrors.customsCode).toBe('关区代码应为4位数字');
  });

  it('checks a port code against its country', async () => {
    expect((await create('portCode', { portCode: 'mmmgw', name: '马圭', countryCode: 'cn', transportMode: '4' })).fieldErrors.countryCode).toBe('国家代码应与港口代码的前两位一致');
    const ok = await create('portCode', { portCode: 'mmmgw', name: '马圭', countryCode: 'mm', transportMode: '4' });
    expect(ok.data).toMatchObject({ portCode: 'MMMGW', countryCode: 'MM' });
  });
});
