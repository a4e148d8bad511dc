// The pure identity-number and phone checks: one passing and one failing case per rule.
import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isCreditCode, isEmail, isIdNumber, isMobile, isMyanmarNrc, isPassport, isPhone, isPrcId, withCreditCheck, withIdCheck } from './identity';

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts published codes whose check character matches', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91110108551385082Q')).toBe(true);
  });

  it('refuses a wrong check character, a wrong length and letters outside the charset (I, O, S, V, Z)', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100M000100I43')).toBe(false);
    expect(isCreditCode('91350100m000100y43')).toBe(false);
  });

  it('computes 31 − (Σ mod 31), with 31 written as 0', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('9135010OM000100Y4')).toBeNull();
    expect(isCreditCode(withCreditCheck('91533102MA6N4K8P1'))).toBe(true);
    // Σ ≡ 0 (mod 31) gives check 31, written as 0: a body whose weighted sum is 0.
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
  });
});

describe('PRC resident ID (ISO 7064 MOD 11-2)', () => {
  it('accepts an ID with its check digit, X included', () => {
    expect(isPrcId('11010519491231002X')).toBe(true);
    expect(isPrcId('11010519491231002x')).toBe(true);
    expect(isPrcId(withIdCheck('53310219850615242'))).toBe(true);
  });

  it('refuses a wrong check digit, a birth date that does not exist and a short number', () => {
    expect(isPrcId('110105194912310021')).toBe(false);
    expect(isPrcId(withIdCheck('53310219850230242'))).toBe(false);
    expect(isPrcId('11010519491231002')).toBe(false);
  });
});

describe('Myanmar NRC and passports', () => {
  it('accepts 12/MaYaKa(N)123456 and a 9-character passport', () => {
    expect(isMyanmarNrc('12/MaYaKa(N)123456')).toBe(true);
    expect(isPassport('MA1234567')).toBe(true);
    expect(isIdNumber('mmNrc', '9/MaHtaNa(N)012345')).toBe(true);
  });

  it('refuses a state number above 14, a missing citizenship letter and a 4-character passport', () => {
    expect(isMyanmarNrc('15/MaYaKa(N)123456')).toBe(false);
    expect(isMyanmarNrc('12/MaYaKa123456')).toBe(false);
    expect(isPassport('AB12')).toBe(false);
    expect(isIdNumber('prcId', '12/MaYaKa(N)123456')).toBe(false);
  });
});

describe('phones and email', () => {
  it('accepts mainland mobiles, landlines with area code and extension, and Myanmar numbers', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile('+959420012345')).toBe(true);
    expect(isMobile('09420012345')).toBe(true);
    expect(isPhone('0692-4141234')).toBe(true);
    expect(isPhone('06924141234-801')).toBe(true);
  });

  it('refuses a mobile starting 12, a landline as a mobile and text', () => {
    expect(isMobile('12800138000')).toBe(false);
    expect(isMobile('0692-4141234')).toBe(false);
    expect(isPhone('phone')).toBe(false);
    expect(isPhone('1380013800')).toBe(false);
  });

  it('checks an email address', () => {
    expect(isEmail('a.b@example.com')).toBe(true);
    expect(isEmail('a.b@example')).toBe(false);
  });
});
