// Test helpers of the enterprise center: accounts of a given type with the demo grants, and a
// valid enterprise payload with a credit code no other test uses.
import type { Knex } from 'knex';
import { signedInUser, uniq } from '../../../tests/support/resource';
import { ENTERPRISE_GRANTS } from './seed';
import { withCreditCheck, withIdCheck } from '@core/shared';

/** A fresh login account of a user type with the grants of a demo role; returns its cookie. */
export async function account(knex: Knex, userType: number, grantsOf: keyof typeof ENTERPRISE_GRANTS = userType === 5 ? 'customs_admin' : '0') {
  const g = ENTERPRISE_GRANTS[grantsOf];
  return signedInUser(knex, { menus: g.menus, permissions: g.permissions }, { userType });
}

let n = 0;
/** A valid credit code: a fixed prefix, a counter and a random tail, with its check character. */
export function freshCreditCode(): string {
  const tail = `${process.pid % 1000}${++n}${Math.floor(Math.random() * 1e6)}`.padStart(9, '0').slice(-9);
  return withCreditCheck(`91530000${tail}`);
}

export function enterprisePayload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `${uniq('测试企业')}有限公司`,
    industry: 'F',
    nature: 'private',
    registeredCapital: 500,
    employeeCount: 'upTo50',
    businessScope: '边境贸易',
    phone: '0692-4141234',
    fax: '',
    website: 'www.example.com',
    countryCode: 'CN',
    provinceCode: '530000',
    cityCode: '533100',
    districtCode: '533102',
    addressDetail: '姐告大道 1 号',
    creditCode: freshCreditCode(),
    orgCode: '',
    customsCode: '5309980009',
    customsArea: '8613',
    inspectionCode: '',
    legalName: '张三',
    legalPhone: '13800138000',
    legalIdType: 'prcId',
    legalIdNo: withIdCheck('53310219800101123'),
    handlerName: '李四',
    handlerPhone: '13900139000',
    handlerEmail: 'lisi@example.com',
    handlerIdType: 'prcId',
    handlerIdNo: withIdCheck('53310219850615242'),
    banks: [{ bankCountry: 'CN', bankName: '中国银行瑞丽分行', accountName: '测试企业', accountNo: '6217853000012345678', swift: '' }],
    files: [],
    ...over,
  };
}
