// The one place for how dates and date-times look: `YYYY-MM-DD` and `YYYY-MM-DD HH:mm:ss` in
// every language (grids, filters, forms, job screens, exports). Values travel as ISO: a calendar
// date as `YYYY-MM-DD` (URL queries, API bodies), a moment as an ISO instant.
//
// Moments are shown in the platform's time zone (`TZ`, default UTC — the zone the scheduled
// jobs run in), never the browser's: the server's first paint, the hydrated page and the
// exports then read the same. The browser learns the zone from the root loader
// (AppProviders calls setDisplayTimeZone).
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** What a date-time input shows and takes: moments are entered to the minute. */
export const DATETIME_INPUT_FORMAT = 'YYYY-MM-DD HH:mm';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A formatter per known zone (made once: a page formats hundreds of moments). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(tz: string): Intl.DateTimeFormat | null {
  let f = zoneFormats.get(tz);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    } catch {
      return null;
    }
    zoneFormats.set(tz, f);
  }
  return f;
}

/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: unknown): tz is string {
  return typeof tz === 'string' && !!tz && zoneFormat(tz) !== null;
}

/** The server's zone: `TZ` when set and valid, else UTC (as core/jobs/cron.ts). */
export function serverTimeZone(): string {
  const tz = typeof process !== 'undefined' ? process.env?.TZ : undefined;
  return isTimeZone(tz) ? tz : 'UTC';
}

let zone: string | null = null;

/** The zone moments are shown in. */
export function displayTimeZone(): string {
  return zone ?? (typeof window === 'undefined' ? serverTimeZone() : 'UTC');
}

/** Set by the browser from the root loader; ignored when not a known zone. */
export function setDisplayTimeZone(tz: string | null | undefined): void {
  if (isTimeZone(tz)) zone = tz;
}

/** A strict ISO calendar date (`2024-02-30` is not one), or null. */
export function parseIsoDate(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  const m = ISO_DATE.exec(s);
  if (!m) return null;
  const d = dayjs(s, DATE_FORMAT, true);
  return d.isValid() && d.format(DATE_FORMAT) === s ? s : null;
}

/** A calendar date as a dayjs (local midnight, what the date picker works with), or null. */
export function dayjsFromIsoDate(v: unknown): Dayjs | null {
  const s = parseIsoDate(v);
  return s ? dayjs(s, DATE_FORMAT, true) : null;
}

/** A picked dayjs as an ISO calendar date; '' for none or an unfinished/invalid entry. */
export function isoDateOf(d: Dayjs | null | undefined): string {
  return d && d.isValid() ? d.format(DATE_FORMAT) : '';
}

function instant(v: unknown): Dayjs | null {
  if (v === null || v === undefined || v === '') return null;
  let d: Dayjs;
  if (v instanceof Date) d = dayjs.utc(v);
  else if (typeof v === 'number') d = dayjs.utc(v);
  else if (dayjs.isDayjs(v)) d = v.utc();
  else {
    const s = String(v).trim();
    if (/^\d{10,}$/.test(s)) d = dayjs.utc(Number(s));
    // Without an offset a database DATETIME is UTC (the driver reads with timezone 'Z').
    else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) d = dayjs.utc(s.replace(' ', 'T'));
    else d = dayjs.utc(s);
  }
  return d.isValid() ? d : null;
}

/** A moment as a dayjs in the display zone (for the date-time picker), or null. */
export function dayjsInZone(v: unknown, tz = displayTimeZone()): Dayjs | null {
  const d = instant(v);
  return d ? d.tz(tz) : null;
}

/** A picked moment as an ISO instant to the minute (`…T01:02:00.000Z`); '' for none or an unfinished/invalid entry. */
export function isoInstantOf(d: Dayjs | null | undefined): string {
  if (!d || !d.isValid()) return '';
  const ms = d.valueOf();
  return new Date(ms - (((ms % 60_000) + 60_000) % 60_000)).toISOString();
}

/** A moment as the date-time input holds it: the same instant to the minute, '' when empty or unreadable. */
export const isoInstant = (v: unknown): string => isoInstantOf(instant(v));

/**
 * A calendar date as `YYYY-MM-DD`. Strings keep their date part as written (a DATE column is
 * sent as `YYYY-MM-DD`); a Date object is read in UTC (how the driver reads DATE columns).
 * '' for empty or unreadable values.
 */
export function formatDate(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'string') {
    const head = v.trim().slice(0, 10);
    if (parseIsoDate(head)) return head;
  }
  const d = instant(v);
  return d ? d.format(DATE_FORMAT) : '';
}

/** Years 1000-9999 in milliseconds: what the fast paths below write as four digits. */
const FAST_FROM = Date.UTC(1000, 0, 1);
const FAST_TO = Date.UTC(10000, 0, 1) - 1;
const DB_OR_ISO = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})?$/;

/** A moment's epoch milliseconds read without dayjs (the grid formats one per row); null when it takes dayjs. */
function epochOf(v: unknown): number | null {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (/^\d{10,}$/.test(s)) return Number(s);
  // Without an offset a database DATETIME is UTC, as in instant().
  const m = DB_OR_ISO.exec(s);
  const ms = m ? Date.parse(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`) : NaN;
  return Number.isNaN(ms) ? null : ms;
}

/** A moment as `YYYY-MM-DD HH:mm:ss` in the display zone; '' for empty or unreadable values. */
export function formatDateTime(v: unknown, tz = displayTimeZone()): string {
  const ms = epochOf(v);
  if (ms === null || ms < FAST_FROM || ms > FAST_TO) {
    const d = dayjsInZone(v, tz);
    return d ? d.format(DATETIME_FORMAT) : '';
  }
  if (tz === 'UTC') {
    const iso = new Date(ms).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  // One Intl formatter per zone, rather than dayjs' zone plugin (which builds a date string and
  // parses it again for every value).
  const format = zoneFormat(tz);
  if (!format) return '';
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Today's calendar date in the display zone. */
export function todayIso(tz = displayTimeZone()): string {
  return dayjs().tz(tz).format(DATE_FORMAT);
}

/** A Date's local calendar day as YYYY-MM-DD, and as YYYYMMDD for document numbers. */
export const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const dayStamp = (d: Date) => isoDay(d).replace(/-/g, '');
