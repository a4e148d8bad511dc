// Pure checks of identity numbers and phone numbers (SPEC §5 "Enterprise", "Phones"), shared by
// every plugin that records a company or a person (customs enterprises, port-ops customers,
// fleets and drivers): the unified social credit code with its GB 32100-2015 check character,
// the PRC resident ID with its ISO 7064 MOD 11-2 check digit, Myanmar NRC numbers, passports,
// and mainland China / Myanmar phone numbers. Isomorphic: the form and the server share them.

/** GB 32100-2015: the 31 characters a credit code may use (no I, O, S, V, Z). */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a credit code, or null if they are not valid. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CHARS.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * CREDIT_WEIGHTS[i];
  }
  const check = 31 - (sum % 31);
  return CREDIT_CHARS[check === 31 ? 0 : check];
}

/** An 18-character unified social credit code whose last character is its check character. */
export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NP-RT-UW-Y]{18}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** The first 17 characters completed with their check character (demo data, tests). */
export function withCreditCheck(first17: string): string {
  const c = creditCodeCheckChar(first17);
  if (!c) throw new Error(`not a credit code body: ${first17}`);
  return first17 + c;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check digit (0-9 or X) of the first 17 digits of a PRC resident ID. */
export function prcIdCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

export function withIdCheck(first17: string): string {
  const c = prcIdCheckChar(first17);
  if (!c) throw new Error(`not an ID body: ${first17}`);
  return first17 + c;
}

/** An 18-digit PRC resident ID: area, a real birth date, sequence and the MOD 11-2 check digit. */
export function isPrcId(id: string): boolean {
  const v = id.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > Date.now()) return false;
  return prcIdCheckChar(v.slice(0, 17)) === v[17];
}

/** A Myanmar National Registration Card number in Latin letters, e.g. 12/MaYaKa(N)123456. */
export function isMyanmarNrc(id: string): boolean {
  return /^(1[0-4]|[1-9])\/[A-Za-z]{3,12}\((N|E|P|A|F|TH|G)\)\d{6}$/.test(id.trim());
}

export function isPassport(id: string): boolean {
  return /^[A-Za-z0-9]{5,20}$/.test(id.trim());
}

export const ID_TYPES = ['prcId', 'mmNrc', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];

export function isIdNumber(type: IdType, id: string): boolean {
  if (type === 'prcId') return isPrcId(id.trim());
  if (type === 'mmNrc') return isMyanmarNrc(id);
  return isPassport(id);
}

const CN_MOBILE = /^1[3-9]\d{9}$/;
const CN_LANDLINE = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;
const MM_PHONE = /^(\+?95|0)9\d{7,10}$/;

/** A mobile number of mainland China or Myanmar (spaces ignored). */
export function isMobile(phone: string): boolean {
  const v = phone.replace(/\s+/g, '');
  return CN_MOBILE.test(v) || MM_PHONE.test(v);
}

/** A mobile number or a mainland landline (area code, number, optional extension). */
export function isPhone(phone: string): boolean {
  const v = phone.replace(/\s+/g, '');
  return isMobile(v) || CN_LANDLINE.test(v);
}

export function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim());
}
